import { DAY_MS } from '@tern/domain';
import { isoDay } from '../lib/clock.ts';
import type { Db } from '../db/client.ts';
import { usersRepo } from '../modules/accounts/users-repo.ts';
import { policiesRepo, type NewPolicy } from '../modules/policies/repo.ts';
import { DEMO_PRODUCT, demoEmail, demoPartners } from './demo-world.ts';

/**
 * Demo policies of each partner. `linked` ones belong to the partner's demo USER; the free
 * ones are printed on the console so a person can register with them; the inactive one shows
 * the refusal. Numbers are `<PREFIX>-<n>`, e.g. SKY-2001.
 */
const PREFIX: Record<string, string> = { travel: 'SKY', business: 'HBR', identity: 'NBK' };

interface DemoPolicy {
  number: string;
  active: 0 | 1;
  /** Days from the seed day (negative: before it); the dates stay true whenever it runs. */
  startDays: number;
  /** Null for an open-ended policy. */
  endDays: number | null;
  maxInsured: number;
  linked: boolean;
}

function demoPolicies(partnerId: string): DemoPolicy[] {
  const p = PREFIX[partnerId] ?? partnerId.toUpperCase();
  return [
    { number: `${p}-1001`, active: 1, startDays: -320, endDays: null, maxInsured: 4, linked: true },
    { number: `${p}-2001`, active: 1, startDays: -30, endDays: 335, maxInsured: 2, linked: false },
    { number: `${p}-2002`, active: 1, startDays: -90, endDays: null, maxInsured: 4, linked: false },
    { number: `${p}-2003`, active: 1, startDays: -540, endDays: 190, maxInsured: 1, linked: false },
    { number: `${p}-2004`, active: 1, startDays: -10, endDays: 170, maxInsured: 6, linked: false },
    {
      number: `${p}-9001`,
      active: 0,
      startDays: -700,
      endDays: -335,
      maxInsured: 1,
      linked: false,
    },
  ];
}

/** `YYYY-MM-DD` of the day `days` after `today` (UTC). */
const dayFrom = (today: Date, days: number) => isoDay(new Date(today.getTime() + days * DAY_MS));

/** Free, active numbers to register with (the console listing). */
export const freeDemoPolicyNumbers = (partnerId: string) =>
  demoPolicies(partnerId)
    .filter((p) => p.active === 1 && !p.linked)
    .map((p) => p.number);

export const inactiveDemoPolicyNumbers = (partnerId: string) =>
  demoPolicies(partnerId)
    .filter((p) => p.active === 0)
    .map((p) => p.number);

/** Adds the demo policies a partner lacks; existing ones (maybe registered with) stay as they are. */
export async function seedDemoPolicies(db: Db, today: Date): Promise<void> {
  const repo = policiesRepo(db);
  for (const partner of demoPartners) {
    const demoUser = await usersRepo(db).findByEmail(partner.id, demoEmail(partner.id));
    const rows: NewPolicy[] = demoPolicies(partner.id).map((p) => ({
      partnerId: partner.id,
      externalPolicyNumber: p.number,
      product: DEMO_PRODUCT[partner.id] ?? '',
      active: p.active,
      policyStart: dayFrom(today, p.startDays),
      policyEnd: p.endDays === null ? null : dayFrom(today, p.endDays),
      maxInsured: p.maxInsured,
      userId: p.linked ? (demoUser?.id ?? null) : null,
    }));
    await repo.addMissing(rows);
    // Policies seeded before products were recorded get theirs.
    await repo.nameProduct(partner.id, DEMO_PRODUCT[partner.id] ?? '');
  }
}
