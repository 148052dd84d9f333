import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { MONITORED_DATA_TYPES, type MonitoredDataType } from '@tern/domain';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Encryption } from '../../../lib/encryption.ts';
import type { Fingerprints } from '../../../lib/fingerprints.ts';
import { toBreach } from '../breach-row.ts';
import type { Breach, BreachRecord, BreachSourcePort } from '../port.ts';
import { simulatedBreachRecords, simulatedBreaches } from '../tables.ts';
import { BREACH_CORPUS, DATA_CLASS_OF_TYPE } from './corpus.ts';

export { BREACH_CORPUS } from './corpus.ts';

/** What the simulated source keeps its records with: nothing of them is stored in the clear. */
export interface BreachSimulatorDeps {
  clock: Clock;
  encryption: Encryption;
  fingerprints: Fingerprints;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const t = simulatedBreaches;
const r = simulatedBreachRecords;

/** A cursor of this source: the place (or record id) last read, as digits; null: none yet. */
function numberAfter(cursor: string | null, what: string): number {
  if (cursor === null) return 0;
  if (!/^\d{1,15}$/.test(cursor))
    throw new Error(`Not a cursor of the simulated ${what}: ${cursor}`);
  return Number(cursor);
}

/**
 * Gives breaches their places after every place given so far, in the transaction that commits
 * them, and answers the places. A cursor must never pass a breach: the lock makes releases
 * take their places one transaction after another, each committed before the next takes the
 * lock, so a reader never sees place 9 while place 8 is still uncommitted (a sequence's values
 * are taken in one order and committed in another, which would let a cursor jump one). Call it
 * last in the transaction: the lock is held until commit.
 */
async function release(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('sim_breach_breaches:release', 0))`,
  );
  await tx.execute(sql`
    with chosen as (
      select id, row_number() over (order by added_date, id) as n
        from ${t} where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
    ), placed as (select coalesce(max(released_seq), 0) as top from ${t})
    update ${t} set released_seq = placed.top + chosen.n
      from chosen, placed where ${t.id} = chosen.id`);
}

/** Records as rows: each value encrypted, and its keyed hash for matching. */
const recordRows = (deps: BreachSimulatorDeps, breachId: number, records: BreachRecord[]) =>
  records.map((record) => ({
    breachId,
    dataType: record.dataType,
    value: deps.encryption.encrypt(record.value),
    fingerprint: deps.fingerprints.of(record.dataType, record.value),
  }));

/**
 * Seeds the synthetic corpus (BREACH_CORPUS) where it is missing: idempotent, safe when several
 * instances start together (a breach already there is left as it is). Answers how many
 * breaches it added. The simulator calls it on first use; the demo seed may call it too.
 */
export async function seedBreachCorpus(db: Db, deps: BreachSimulatorDeps): Promise<number> {
  const names = BREACH_CORPUS.map((entry) => entry.breach.name);
  const present = await db.select({ name: t.name }).from(t).where(inArray(t.name, names));
  if (present.length === names.length) return 0;
  return db.transaction(async (tx) => {
    const added: number[] = [];
    for (const { breach, pwnCount, records } of BREACH_CORPUS) {
      const [row] = await tx
        .insert(t)
        .values({
          ...breach,
          addedDate: new Date(breach.addedDate),
          modified: new Date(breach.addedDate),
          pwnCount,
        })
        .onConflictDoNothing({ target: t.name })
        .returning({ id: t.id });
      if (!row) continue;
      await tx.insert(r).values(recordRows(deps, row.id, records));
      added.push(row.id);
    }
    await release(tx, added);
    return added.length;
  });
}

/**
 * The embedded breach source: the synthetic corpus and what the operator planted, every
 * identifier kept encrypted and matched by its keyed hash. It answers every data type and
 * gives each breach's records, so a new breach is matched record by record.
 */
export function simulatedBreachSource(deps: BreachSimulatorDeps & { db: Db }): BreachSourcePort {
  const { db } = deps;
  let seeded: Promise<unknown> | null = null;
  /** The corpus, seeded once per instance (again after a failure). */
  const ready = () => {
    seeded ??= seedBreachCorpus(db, deps).catch((error: unknown) => {
      seeded = null;
      throw error;
    });
    return seeded;
  };

  /** The breaches holding an identifier with this keyed hash: one indexed query. */
  async function byFingerprint(fingerprint: string): Promise<Breach[]> {
    await ready();
    const rows = await db
      .select()
      .from(t)
      .where(
        and(
          isNotNull(t.releasedSeq),
          inArray(
            t.id,
            db.select({ id: r.breachId }).from(r).where(eq(r.fingerprint, fingerprint)),
          ),
        ),
      )
      .orderBy(asc(t.releasedSeq));
    return rows.map(toBreach);
  }

  return {
    lookupTypes: MONITORED_DATA_TYPES,
    hasRecords: true,

    async since(cursor, limit) {
      const after = numberAfter(cursor, 'breach source');
      await ready();
      // Breaches still being bulk-loaded have no place yet, and `>` leaves them out.
      const rows = await db
        .select()
        .from(t)
        .where(gt(t.releasedSeq, after))
        .orderBy(asc(t.releasedSeq))
        .limit(limit);
      const last = rows.at(-1);
      return { breaches: rows.map(toBreach), cursor: last ? String(last.releasedSeq) : cursor };
    },

    async records(breachName, cursor, limit) {
      const after = numberAfter(cursor, "breach's records");
      await ready();
      const [breach] = await db
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.name, breachName), isNotNull(t.releasedSeq)));
      // A breach the source does not (or no longer) know has nothing to read.
      if (!breach) return { records: [], cursor: null };
      // One more than asked: whether another page follows, without an empty last page.
      const rows = await db
        .select({ id: r.id, dataType: r.dataType, fingerprint: r.fingerprint })
        .from(r)
        .where(and(eq(r.breachId, breach.id), gt(r.id, after)))
        .orderBy(asc(r.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        // Tern's own keyed hashes: the scan matches them as they are, decrypting nothing.
        records: page.map(({ dataType, fingerprint }) => ({ dataType, fingerprint })),
        cursor: rows.length > limit ? String(page.at(-1)!.id) : null,
      };
    },

    async lookup(dataType, value) {
      if (!value.trim()) return [];
      return byFingerprint(deps.fingerprints.of(dataType, value));
    },

    // Tern's keyed hash is this source's own index: a card, known to Tern by it alone, is found.
    lookupFingerprint: (_dataType, fingerprint) => byFingerprint(fingerprint),
  };
}

/** A breach as it is planted: its facts (added now unless told) and how many accounts it claims. */
export type PlantedBreach = Omit<Breach, 'addedDate'> & { addedDate?: Date; pwnCount?: number };

export interface PlantResult {
  breach: Breach;
  /** False when a breach of that name was there already: its facts were kept. */
  created: boolean;
  /** Records newly held (an identifier the breach held already is not added twice). */
  added: number;
  /** Records the breach holds now. */
  held: number;
  /** Its place in the source: readers whose cursor is before it are offered it. */
  place: number;
}

/** The data classes with those of these types added, in HIBP's (alphabetical) order. */
function withClassesOf(classes: readonly string[], types: readonly MonitoredDataType[]): string[] {
  const all = [...classes];
  const known = new Set(classes.map((c) => c.toLowerCase()));
  for (const type of types) {
    const dataClass = DATA_CLASS_OF_TYPE[type];
    if (known.has(dataClass.toLowerCase())) continue;
    known.add(dataClass.toLowerCase());
    all.push(dataClass);
  }
  return all.sort((a, b) => a.localeCompare(b, 'en'));
}

/**
 * Plants records in a breach of the simulated source (`npm run sim -- breach add`): a new
 * breach with these facts, or the records added to the breach of that name (its facts kept).
 * Either way the breach takes a new place in the source, so that readers are offered it
 * (again) and match its records; its data classes gain those of the records' types.
 */
export async function plantBreach(
  db: Db,
  deps: BreachSimulatorDeps,
  facts: PlantedBreach,
  records: BreachRecord[],
): Promise<PlantResult> {
  await seedBreachCorpus(db, deps);
  const now = deps.clock.now();
  const rows = recordRows(deps, 0, records);
  const types = records.map((record) => record.dataType);
  return db.transaction(async (tx) => {
    const { addedDate = now, pwnCount, ...breach } = facts;
    const [inserted] = await tx
      .insert(t)
      .values({
        ...breach,
        dataClasses: withClassesOf(breach.dataClasses, types),
        addedDate,
        modified: addedDate,
        pwnCount: pwnCount ?? 0,
      })
      .onConflictDoNothing({ target: t.name })
      .returning();
    // The row locked: two plants in one breach add their records one after the other.
    const [row] = inserted
      ? [inserted]
      : await tx.select().from(t).where(eq(t.name, facts.name)).for('update');
    if (!row) throw new Error(`Breach ${facts.name} vanished while being planted`);
    if (row.releasedSeq === null && !inserted)
      throw new Error(`Breach ${facts.name} is being bulk-loaded: plant in it once it is done`);
    const held = new Set(
      rows.length === 0
        ? []
        : (
            await tx
              .select({ fingerprint: r.fingerprint })
              .from(r)
              .where(
                and(
                  eq(r.breachId, row.id),
                  inArray(
                    r.fingerprint,
                    rows.map((x) => x.fingerprint),
                  ),
                ),
              )
          ).map((x) => x.fingerprint),
    );
    const fresh: typeof rows = [];
    for (const x of rows) {
      if (held.has(x.fingerprint)) continue;
      held.add(x.fingerprint);
      fresh.push({ ...x, breachId: row.id });
    }
    if (fresh.length > 0) await tx.insert(r).values(fresh);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(r)
      .where(eq(r.breachId, row.id))) as [{ count: number }];
    await tx
      .update(t)
      .set({
        dataClasses: withClassesOf(row.dataClasses, types),
        // A planted breach claims the accounts it holds, unless told how many.
        pwnCount: inserted ? (pwnCount ?? count) : row.pwnCount + fresh.length,
        ...(inserted ? {} : { modified: now }),
      })
      .where(eq(t.id, row.id));
    await release(tx, [row.id]);
    const [after] = await tx.select().from(t).where(eq(t.id, row.id));
    return {
      breach: toBreach(after!),
      created: Boolean(inserted),
      added: fresh.length,
      held: count,
      place: after!.releasedSeq!,
    };
  });
}

/** A breach of the source as its operator sees it (`npm run sim -- breach list`): no values. */
export interface ListedBreach extends Breach {
  pwnCount: number;
  /** Identifiers the simulator holds for it. */
  records: number;
  /** Its place in the source; null while a bulk load fills it. */
  place: number | null;
  modified: string;
}

/** Every breach of the simulated source (the corpus seeded first), in the order readers get them. */
export async function listBreaches(db: Db, deps: BreachSimulatorDeps): Promise<ListedBreach[]> {
  await seedBreachCorpus(db, deps);
  const rows = await db
    .select({
      breach: t,
      // Spelt out: drizzle leaves the columns of a selected field unqualified.
      records: sql<number>`(select count(*)::int from ${r} as held where held.breach_id = ${t}.id)`,
    })
    .from(t)
    .orderBy(sql`${t.releasedSeq} asc nulls last`, asc(t.id));
  return rows.map(({ breach, records }) => ({
    ...toBreach(breach),
    pwnCount: breach.pwnCount,
    records,
    place: breach.releasedSeq,
    modified: breach.modified.toISOString(),
  }));
}

/** Filler identifiers of a bulk breach: unique, at `.example` addresses or numbers no one holds. */
function fillerValue(dataType: MonitoredDataType, slug: string, i: number): string {
  const n = String(i).padStart(10, '0');
  switch (dataType) {
    case 'EMAIL_ADDRESS':
      return `${slug}.${n}@bulk.example`;
    case 'PHONE_NUMBER':
      // +1 555-01xx style numbers are reserved for fiction; the rest are made unique by `n`.
      return `+999${n}`;
    case 'CARD':
    case 'BANK_ACCOUNT':
      return `90${n}0000`;
    default:
      return `ZZ${n}`;
  }
}

export interface BulkBreachOrder {
  name: string;
  /** How many records the breach holds, the matching ones included. */
  records: number;
  /** Identifiers placed among the filler (spread evenly): the ones a bench expects alerts for. */
  matching?: BreachRecord[];
  /** The type of the filler records (email addresses unless told). */
  dataType?: MonitoredDataType;
  /** Facts other than the name (a verified breach of email addresses and passwords unless told). */
  facts?: Partial<Omit<PlantedBreach, 'name'>>;
  /** Rows per insert (10,000 unless told). */
  batchSize?: number;
}

/**
 * Plants a breach of many records at once, for benches (`records: 1_000_000`): the values made
 * and encrypted, their keyed hashes computed in Node, and inserted in batches of one statement
 * each (arrays unnested by PostgreSQL), the next batch made while the last is written. The
 * breach has no place while it fills, so no reader sees it half loaded; it is released (given
 * its place) once every record is in. A failure removes what was written.
 */
export async function plantBulkBreach(
  db: Db,
  deps: BreachSimulatorDeps,
  order: BulkBreachOrder,
): Promise<{ breach: Breach; records: number; place: number }> {
  const { name, records: total, matching = [], dataType = 'EMAIL_ADDRESS' } = order;
  const batchSize = order.batchSize ?? 10_000;
  if (!Number.isInteger(total) || total < matching.length)
    throw new Error(
      `A bulk breach holds a whole number of records, at least its ${matching.length} matching ones`,
    );
  await seedBreachCorpus(db, deps);
  const now = deps.clock.now();
  const facts: Omit<PlantedBreach, 'name'> = {
    title: name,
    domain: '',
    breachDate: now.toISOString().slice(0, 10),
    dataClasses: ['Email addresses', 'Passwords'],
    description: `A breach of ${total} records loaded in bulk into the simulated breach source.`,
    isVerified: true,
    isFabricated: false,
    isSpamList: false,
    isSensitive: false,
    ...order.facts,
  };
  const { addedDate = now, pwnCount = total, ...rest } = facts;
  const [row] = await db
    .insert(t)
    .values({
      ...rest,
      name,
      dataClasses: withClassesOf(rest.dataClasses, [dataType, ...matching.map((m) => m.dataType)]),
      addedDate,
      modified: addedDate,
      pwnCount,
    })
    .returning({ id: t.id });
  const breachId = row!.id;
  // Matching records at evenly spread positions among the filler.
  const placed = new Map(
    matching.map((record, j) => [Math.floor(((j + 1) * total) / (matching.length + 1)), record]),
  );
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const batch = (from: number) => {
    const size = Math.min(batchSize, total - from);
    const types: string[] = new Array<string>(size);
    const values: string[] = new Array<string>(size);
    const fingerprints: string[] = new Array<string>(size);
    for (let k = 0; k < size; k++) {
      const i = from + k;
      const record = placed.get(i) ?? { dataType, value: fillerValue(dataType, slug, i) };
      types[k] = record.dataType;
      values[k] = deps.encryption.encrypt(record.value);
      fingerprints[k] = deps.fingerprints.of(record.dataType, record.value);
    }
    // A real promise: drizzle's query is a thenable that runs again on each `then`.
    return Promise.resolve(
      db.execute(sql`
      insert into ${r} (breach_id, data_type, value, fingerprint)
      select ${breachId}, u.data_type, u.value, u.fingerprint
        from unnest(${sql.param(types)}::text[], ${sql.param(values)}::text[],
                    ${sql.param(fingerprints)}::text[]) as u(data_type, value, fingerprint)`),
    );
  };
  try {
    let writing: Promise<unknown> = Promise.resolve();
    for (let from = 0; from < total; from += batchSize) {
      // Made while the previous batch is being written: Node's work and PostgreSQL's overlap.
      const next = batch(from);
      // Awaited below; until then a failure must not count as unhandled (it ends the process).
      next.catch(() => {});
      await writing;
      writing = next;
    }
    await writing;
    const place = await db.transaction(async (tx) => {
      await release(tx, [breachId]);
      const [released] = await tx.select().from(t).where(eq(t.id, breachId));
      return released!;
    });
    return { breach: toBreach(place), records: total, place: place.releasedSeq! };
  } catch (error) {
    await db.delete(t).where(eq(t.id, breachId));
    throw error;
  }
}
