import type { Breach } from '@tern/domain';
import type { BreachRow } from './repo.ts';

/** A stored breach as the source described it. */
export const toBreach = (row: BreachRow): Breach => ({
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
