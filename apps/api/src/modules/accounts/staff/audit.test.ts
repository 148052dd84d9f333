import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountsContracts, auditPageSchema, routeName, type AuditEntry } from '@tern/domain';
import { actingFor, signedIn } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';
import { auditLog, users } from '../tables.ts';

describe('the admin console: audit log', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const idOf = async (email: string, partnerId = 'travel') => {
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.partnerId, partnerId), eq(users.emailAddress, email)));
    return row!.id;
  };
  const search = (
    headers: Record<string, string>,
    query: Record<string, string> = {},
    partnerId = 'travel',
  ) => t.app.inject({ url: urlOf(accountsContracts.audit, { partnerId }, query), headers });
  const pageOf = async (headers: Record<string, string>, query: Record<string, string> = {}) => {
    const res = await search(headers, query);
    expect(res.statusCode, res.body).toBe(200);
    return auditPageSchema.parse(res.json());
  };
  /** Every entry a search finds, page by page. */
  const allOf = async (headers: Record<string, string>, query: Record<string, string> = {}) => {
    const entries: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const page = await pageOf(headers, { ...query, ...(cursor ? { cursor } : {}) });
      entries.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    return entries;
  };
  const rename = (headers: Record<string, string>, id: string, firstName: string) =>
    t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.details, { id }),
      headers,
      payload: { firstName },
    });

  it(`${routeName(accountsContracts.audit)}: what agents changed acting for customers, newest first, field names only`, async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const agent = await signedIn(t, 'agent@travel.example.com');
    const uma = await idOf('user@travel.example.com');
    const acting = await actingFor(t, agent, uma);
    expect((await rename(acting, uma, 'Umeko')).statusCode).toBe(200);

    const { entries, nextCursor } = await pageOf(admin.headers);
    expect(nextCursor).toBeNull();
    expect(entries.map((e) => [e.action, e.fields, e.statusCode])).toEqual([
      [routeName(accountsContracts.update), ['firstName'], 200],
      [routeName(accountsContracts.actFor), [], 201],
    ]);
    expect(entries[0]).toMatchObject({
      staff: { id: agent.userId, emailAddress: 'agent@travel.example.com' },
      customer: { id: uma, name: 'Umeko User', emailAddress: 'user@travel.example.com' },
    });
    expect(entries[0]!.staff.name).toEqual(expect.any(String));
    // The name the agent typed is not on the log: only that a first name was sent.
    expect(JSON.stringify(entries)).not.toContain('"Umeko"');
  });

  it('searches by customer (part of the email, any case, or the id), staff member and days', async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const agent = await signedIn(t, 'agent@travel.example.com');
    const uma = await idOf('user@travel.example.com');
    const mia = await idOf('mfa@travel.example.com');
    await rename(await actingFor(t, admin, mia), mia, 'Mia');

    const customers = async (query: Record<string, string>) =>
      new Set((await allOf(admin.headers, query)).map((e) => e.customer.id));
    expect(await customers({ customer: 'USER@travel' })).toEqual(new Set([uma]));
    expect(await customers({ customer: mia })).toEqual(new Set([mia]));
    expect(await customers({ customer: 'nobody@example.com' })).toEqual(new Set());
    // A LIKE wildcard is taken literally.
    expect(await customers({ customer: '%' })).toEqual(new Set());

    const byStaff = async (staff: string) =>
      new Set((await allOf(admin.headers, { staff })).map((e) => e.staff.id));
    expect(await byStaff(agent.userId)).toEqual(new Set([agent.userId]));
    expect(await byStaff(admin.userId)).toEqual(new Set([admin.userId]));

    // Entries of earlier days, written as the log writes them.
    const at = (iso: string) => ({
      partnerId: 'travel',
      agentId: agent.userId,
      userId: uma,
      action: routeName(accountsContracts.update),
      statusCode: 200,
      fields: ['surname'],
      createdAt: new Date(iso),
    });
    await t.database.db
      .insert(auditLog)
      .values([
        at('2025-02-28T23:59:59.999Z'),
        at('2025-03-01T00:00:00.000Z'),
        at('2025-03-02T23:59:59.999Z'),
        at('2025-03-03T00:00:00.000Z'),
      ]);
    const days = async (query: Record<string, string>) =>
      (await allOf(admin.headers, query)).map((e) => e.at);
    expect(await days({ from: '2025-03-01', to: '2025-03-02' })).toEqual([
      '2025-03-02T23:59:59.999Z',
      '2025-03-01T00:00:00.000Z',
    ]);
    expect(await days({ to: '2025-02-28' })).toEqual(['2025-02-28T23:59:59.999Z']);
    expect(await days({ from: '2025-03-02', to: '2025-03-02', staff: admin.userId })).toEqual([]);
    expect((await days({ from: '2025-03-03' })).length).toBeGreaterThan(1);
  });

  it('pages newest first without repeating or missing an entry, ties of one instant included', async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const agent = await signedIn(t, 'agent@travel.example.com');
    const uma = await idOf('user@travel.example.com');
    // Three entries of one instant (one microsecond apart from a fourth): only the id orders them.
    const row = (createdAt: Date) => ({
      partnerId: 'travel',
      agentId: agent.userId,
      userId: uma,
      action: routeName(accountsContracts.update),
      statusCode: 200,
      fields: ['locale'],
      createdAt,
    });
    const instant = new Date('2024-06-01T10:00:00.000Z');
    await t.database.db.insert(auditLog).values([row(instant), row(instant), row(instant)]);
    // A Date keeps milliseconds only; the log keeps microseconds.
    await t.database.pool.query(
      `insert into audit_log (partner_id, agent_id, user_id, action, status_code, created_at)
       values ('travel', $1, $2, 'PATCH /x', 200, '2024-06-01T10:00:00.000400Z')`,
      [agent.userId, uma],
    );
    const everything = (await pageOf(admin.headers, { limit: '100' })).entries;
    const paged = await allOf(admin.headers, { limit: '1' });
    expect(paged.map((e) => e.id)).toEqual(everything.map((e) => e.id));
    expect(new Set(paged.map((e) => e.id)).size).toBe(paged.length);
    const times = paged.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const two = await pageOf(admin.headers, { limit: '2' });
    expect(two.entries).toHaveLength(2);
    expect(two.nextCursor).toEqual(expect.any(String));
  });

  it("never shows another partner's log, and refuses another partner's id", async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const theirAdmin = await signedIn(t, 'admin@business.example.com', undefined, 'business');
    const theirCustomer = await idOf('user@business.example.com', 'business');
    await rename(await actingFor(t, theirAdmin, theirCustomer, 'business'), theirCustomer, 'Bo');
    const ours = await allOf(admin.headers);
    expect(ours.some((e) => e.customer.id === theirCustomer)).toBe(false);
    expect(await allOf(admin.headers, { customer: theirCustomer })).toEqual([]);
    expect(await allOf(admin.headers, { staff: theirAdmin.userId })).toEqual([]);
    const other = await search(admin.headers, {}, 'business');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('PARTNER_NOT_FOUND');
  });

  it('refuses bad searches with 400 from the catalogue', async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const bad: Record<string, string>[] = [
      { from: '2025-13-01' },
      { to: 'yesterday' },
      { from: '2025-03-02', to: '2025-03-01' },
      { limit: '0' },
      { limit: '101' },
      { limit: 'ten' },
      { staff: 'not-an-id' },
      { customer: '' },
      { customer: 'x'.repeat(300) },
      { cursor: 'short' },
    ];
    for (const query of bad) {
      const res = await search(admin.headers, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code, JSON.stringify(query)).toBe('INVALID_PARAMS');
    }
    // Well formed, but no page of this log ended there.
    const forged = Buffer.from('not a cursor at all').toString('base64url');
    const res = await search(admin.headers, { cursor: forged });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'cursor' });
  });
});
