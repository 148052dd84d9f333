import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allContracts, successSchema, type Contract } from '@tern/domain';
import { useTestApp } from '../../test/app.ts';
import {
  codeOf,
  fieldOf,
  homePartnerOf,
  knownFor,
  requestFor,
  send,
  worldOf,
  type CallerKind,
  type World,
} from '../../test/callers.ts';
import { databaseText } from '../../test/dump.ts';
import { queryRows } from '../../test/rows.ts';
import { fieldNames, sampleOf } from '../../test/samples.ts';

/**
 * Issue 31, item 3: every write route sent a valid body plus every field of its response and
 * the fields a caller must never set (whose, which roles, what status, how much), with hostile
 * values. Unknown keys are dropped by the body schema (Fastify validates with it and hands the
 * handler its output) or, for a strict schema, refused with 400: both are checked by sending
 * them. The hostile names a request schema does accept are each governed by the contract's
 * ownership rule or listed below with why the caller may set them. After each call, nothing
 * changed owner: no row was added for the twin partner, the second user or the agent, and the
 * accounts' roles, partner and employee flags are as they were; at the end, no hostile value
 * is stored anywhere.
 */

const MARK = 'H31_HOSTILE';
const MONEY = 987_654_321;

/** The hostile fields (issue 31), with values that name a real other user, partner, agent. */
const hostile = (w: World) => ({
  userId: w.secondUserId,
  partnerId: w.twinId,
  roles: ['ADMIN'],
  status: MARK,
  amount: MONEY,
  prize: MONEY,
  cap: MONEY,
  employee: true,
  agentId: w.agentId,
});
const HOSTILE_NAMES = Object.keys(hostile({} as World));

/**
 * Hostile-named fields a request schema accepts on purpose, not governed by an ownership rule:
 * why the caller may set each (the service checks the value).
 */
const SETTABLE: Record<string, string> = {
  'accounts.confirmMfa:userId': 'the account of the second step, bound to its challenge',
  'accounts.actFor:userId': "the customer an agent acts for: one of the agent's partner's",
  'payouts.send:userId': "the partner's back end pays one of its users (a twin's is 404)",
  'payouts.send:amount': "the partner's back end says how much it pays",
  'resolutions.update:userId': 'informative (the agent, as the portal holds it): never read',
  'resolutions.update:status': "an option's move, which the domain allows per role (mayMove)",
  'resolutions.select:status': "the customer's choice of an option, as the rules allow",
  'luggage.updateBag:status': "the customer's own report of their bag, as its rules allow",
  'claims.updatePayout:status': "the customer's answer to a payout offer",
};

const WRITES = new Set(['POST', 'PUT', 'PATCH']);
const isJsonWrite = (contract: Contract) =>
  WRITES.has(contract.method) && !!contract.body && !contract.upload && !contract.rawUpload;

const shapeOf = (contract: Contract) => fieldNames(contract.body);

/** Who may make the call, with user one's ids. */
const callerFor = (contract: Contract): CallerKind =>
  contract.access === 'partner'
    ? 'secret'
    : contract.access === 'staff'
      ? 'admin'
      : contract.access === 'apiKey'
        ? 'keyOnly'
        : 'user';

/** The response's fields with sample values (an object answer's; a list's items have none). */
function responseFields(contract: Contract): Record<string, unknown> {
  try {
    const sample = sampleOf(successSchema(contract), { all: true });
    return typeof sample === 'object' && sample !== null && !Array.isArray(sample)
      ? (sample as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

interface Sent {
  route: string;
  status: number;
  code: string | undefined;
  strict: boolean;
  changed: string[];
}

describe('mass assignment', () => {
  const t = useTestApp();
  const worlds = new Map<string, World>();
  const sent: Sent[] = [];
  let ownershipTables: string[] = [];

  /** Rows naming someone other than the caller, and the accounts' own fields. */
  async function state(w: World) {
    // One statement: how many rows of each table name the twin partner, the second user or
    // the agent (names are the schema's own, values the test's).
    const counts = await queryRows<{ entry: string; n: number }>(
      t.database.db,
      sql.raw(
        ownershipTables
          .map((entry) => {
            const [table, column] = entry.split('.') as [string, string];
            const values = column === 'partner_id' ? [w.twinId] : [w.secondUserId, w.agentId];
            return `select '${entry}' as entry, count(*)::int as n from "${table}" where "${column}"::text in (${values.map((v) => `'${v}'`).join(', ')})`;
          })
          .join(' union all '),
      ),
    );
    const accounts = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select id, partner_id, roles, employee, disabled_at from users where id in (${w.userId}, ${w.secondUserId}, ${w.agentId}, ${w.adminId}) order by id`,
    );
    return [
      ...counts.map(({ entry, n }) => `${entry}=${n}`),
      ...accounts.map((row) => JSON.stringify(row)),
    ];
  }

  beforeAll(async () => {
    ownershipTables = (
      await queryRows<{ entry: string }>(
        t.database.db,
        sql`select table_name || '.' || column_name as entry from information_schema.columns
             where table_schema = 'public' and column_name in ('user_id', 'partner_id', 'agent_id')
               and table_name <> 'sessions'`,
      )
    ).map((row) => row.entry);
    // The test's own sessions (of every caller, the twin's too) are opened once per world.
    const headersOf = new Map<World, Awaited<ReturnType<World['headers']>>>();
    for (const contract of allContracts.filter(isJsonWrite)) {
      const home = homePartnerOf(contract);
      if (!worlds.has(home.id)) worlds.set(home.id, await worldOf(t, home));
      const world = worlds.get(home.id)!;
      const request = requestFor(contract, await knownFor(t, world, contract));
      const shape = new Set(shapeOf(contract));
      const extras = Object.fromEntries(
        Object.entries({ ...responseFields(contract), ...hostile(world) }).filter(
          ([key]) => !shape.has(key),
        ),
      );
      const strict = !contract.body!.safeParse({ ...(request.body as object), ...extras }).success;
      if (!headersOf.has(world)) headersOf.set(world, await world.headers());
      const before = await state(world);
      if (!headersOf.has(world)) headersOf.set(world, await world.headers());
      let answer = await send(t, request, headersOf.get(world)![callerFor(contract)], extras);
      if (codeOf(answer.body) === 'UNAUTHORISED') {
        headersOf.set(world, await world.headers());
        answer = await send(t, request, headersOf.get(world)![callerFor(contract)], extras);
      }
      const after = await state(world);
      sent.push({
        route: contract.id,
        status: answer.status,
        code: codeOf(answer.body),
        strict,
        changed: after.filter((line) => !before.includes(line)),
      });
    }
  });

  it('accepts a hostile-named field only where ownership governs it or the caller may set it', () => {
    const open = allContracts.filter(isJsonWrite).flatMap((contract) =>
      shapeOf(contract)
        .filter((field) => HOSTILE_NAMES.includes(field))
        .filter(
          (field) =>
            field !== fieldOf(contract.owner?.user) &&
            field !== fieldOf(contract.owner?.partner) &&
            !SETTABLE[`${contract.id}:${field}`],
        )
        .map((field) => `${contract.id}: ${field}`),
    );
    expect(open).toEqual([]);
  });

  it('refuses unknown keys where the schema is strict, and drops them elsewhere', () => {
    expect(sent.length).toBe(allContracts.filter(isJsonWrite).length);
    expect(sent.filter((s) => s.status >= 500)).toEqual([]);
    expect(
      sent.filter((s) => s.strict && !(s.status === 400 && s.code === 'INVALID_PARAMS')),
    ).toEqual([]);
    console.info(
      `${sent.length} write routes: ${sent.filter((s) => s.strict).length} strict (400), ${sent.filter((s) => !s.strict && s.status < 300).length} accepted with the extra keys dropped; refused by their own rules: ${sent
        .filter((s) => !s.strict && s.status >= 300)
        .map((s) => `${s.route} ${s.status} ${s.code ?? ''}`)
        .join(', ')}`,
    );
  });

  it("changes no row's owner and no account's roles, partner or employee flag", () => {
    expect(sent.filter((s) => s.changed.length > 0)).toEqual([]);
  });

  it('stores no hostile value anywhere', async () => {
    const dump = await databaseText(t.database.pool);
    expect(dump).not.toContain(MARK);
    expect(dump).not.toContain(String(MONEY));
  });
});
