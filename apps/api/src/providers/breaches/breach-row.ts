import type { Breach } from '@tern/domain';

/** A breach as a table keeps it (the simulated source's, the monitoring area's copy). */
export type StoredBreach = Omit<Breach, 'addedDate'> & { addedDate: Date };

/** A stored breach as the source's port and the API answer it. */
export const toBreach = (row: StoredBreach): Breach => ({
  name: row.name,
  title: row.title,
  domain: row.domain,
  breachDate: row.breachDate,
  addedDate: row.addedDate.toISOString(),
  dataClasses: row.dataClasses,
  description: row.description,
  isVerified: row.isVerified,
  isFabricated: row.isFabricated,
  isSpamList: row.isSpamList,
  isSensitive: row.isSensitive,
});
