import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  accountsContracts,
  linkInvitationSchema,
  routeName,
  sessionSchema,
  staffListSchema,
  staffMemberSchema,
  userAccessSchema,
  type StaffMember,
} from '@tern/domain';
import {
  actingFor,
  bearer,
  keyOf,
  lastMessageTo,
  login,
  signedIn,
} from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';
import { auditRepo } from '../audit-repo.ts';
import { auditLog, users } from '../tables.ts';
import { staffRepo } from './staff-repo.ts';
import { updateStaff } from './update-staff.ts';

const enrolment = {
  firstName: 'Sam',
  surname: 'Staff',
  password: 'Staff-Pass-1!',
  locale: 'en-CA',
};

describe('the admin console: staff', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const idOf = async (email: string, partnerId = 'travel') => {
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.partnerId, partnerId), eq(users.emailAddress, email)));
    return row!.id;
  };
  const list = (headers: Record<string, string>, partnerId = 'travel') =>
    t.app.inject({ url: urlOf(accountsContracts.listStaff, { partnerId }), headers });
  const invite = (headers: Record<string, string>, payload: object, partnerId = 'travel') =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.inviteStaff, { partnerId }),
      headers,
      payload,
    });
  const update = (
    headers: Record<string, string>,
    userId: string,
    payload: object,
    partnerId = 'travel',
  ) =>
    t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.updateStaff, { partnerId, userId }),
      headers,
      payload,
    });
  const staffOf = async (headers: Record<string, string>) => {
    const res = await list(headers);
    expect(res.statusCode, res.body).toBe(200);
    return staffListSchema.parse(res.json());
  };
  const byEmail = (staff: StaffMember[], email: string) =>
    staff.find((member) => member.emailAddress === email);
  /** The link id of the newest invitation emailed to an address: what the invitee follows. */
  const linkIdMailedTo = async (email: string) => {
    const message = await lastMessageTo(t, email);
    expect(message).toMatchObject({ template: 'staff-invitation' });
    return message!.text.match(/\/link\/([A-Za-z0-9_-]+)/)![1]!;
  };
  const enrol = (linkId: string, payload: object = enrolment) =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.enrol, { linkId }),
      headers: keyOf('travel'),
      payload,
    });

  it(`${routeName(accountsContracts.listStaff)}: an ADMIN sees the partner's agents and administrators, not its customers`, async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const staff = await staffOf(admin.headers);
    expect(staff.map((m) => m.emailAddress).sort()).toEqual([
      'admin@travel.example.com',
      'agent@travel.example.com',
    ]);
    expect(byEmail(staff, 'admin@travel.example.com')).toMatchObject({
      id: admin.userId,
      firstName: expect.any(String),
      roles: ['ADMIN'],
      status: 'ACTIVE',
      // Signed in just now, by the fake clock.
      lastSignInAt: t.clock.now().toISOString(),
      invitationExpiresAt: null,
    });
    expect(byEmail(staff, 'agent@travel.example.com')).toMatchObject({ roles: ['AGENT'] });
  });

  it('refuses agents (403, their session stays), customers and acting sessions (401), and answers 404 for another partner', async () => {
    const agent = await signedIn(t, 'agent@travel.example.com');
    const customer = await signedIn(t, 'user@travel.example.com');
    const admin = await signedIn(t, 'admin@travel.example.com');
    const acting = await actingFor(t, admin, customer.userId);
    const agentId = await idOf('agent@travel.example.com');
    const calls = (headers: Record<string, string>) => [
      list(headers),
      invite(headers, {
        emailAddress: 'x@example.com',
        firstName: 'X',
        surname: 'Y',
        role: 'AGENT',
      }),
      update(headers, agentId, { disabled: true }),
      t.app.inject({ url: urlOf(accountsContracts.audit, { partnerId: 'travel' }), headers }),
    ];
    for (const res of await Promise.all(calls(agent.headers))) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PARTNER_ONLY', message: 'ADMIN only among staff' });
    }
    // The agent was refused, not signed out.
    expect(
      (
        await t.app.inject({
          url: urlOf(accountsContracts.searchCustomers, {}, { query: 'uma' }),
          headers: agent.headers,
        })
      ).statusCode,
    ).toBe(200);
    for (const headers of [customer.headers, acting]) {
      for (const res of await Promise.all(calls(headers))) {
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().code).toBe('REQUIRES_ELEVATED_ROLE');
      }
    }
    // Another partner's id in the path, and another partner's member of staff.
    const other = await list(admin.headers, 'business');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('PARTNER_NOT_FOUND');
    const theirAdmin = await idOf('admin@business.example.com', 'business');
    const res = await update(admin.headers, theirAdmin, { disabled: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_NOT_FOUND');
    // Nor a customer, nor nobody.
    for (const id of [customer.userId, '00000000-0000-4000-8000-000000000000']) {
      const refused = await update(admin.headers, id, { disabled: true });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('USER_NOT_FOUND');
    }
    // Without a session at all.
    expect((await list(keyOf('travel'))).statusCode).toBe(401);
  });

  it(`${routeName(accountsContracts.inviteStaff)}: the invitee follows the emailed link, enrols as an AGENT and signs in`, async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const res = await invite(admin.headers, {
      emailAddress: 'Sam.Staff@Example.com',
      firstName: 'Sam',
      surname: 'Staff',
      role: 'AGENT',
    });
    expect(res.statusCode, res.body).toBe(201);
    const invited = staffMemberSchema.parse(res.json());
    expect(invited).toMatchObject({
      emailAddress: 'sam.staff@example.com',
      roles: ['AGENT'],
      status: 'INVITED',
      lastSignInAt: null,
    });
    // The link is not in the answer: only the invitee's mailbox holds it.
    expect(res.body).not.toMatch(/link/i);
    expect(byEmail(await staffOf(admin.headers), 'sam.staff@example.com')).toEqual(invited);

    const linkId = await linkIdMailedTo('sam.staff@example.com');
    const found = await t.app.inject({
      url: urlOf(accountsContracts.link, { linkId }),
      headers: keyOf('travel'),
    });
    // The partner knows no number of theirs: they give it at enrolment.
    expect(linkInvitationSchema.parse(found.json())).toMatchObject({
      emailAddress: 'sam.staff@example.com',
      mobilePhoneNumber: '',
      externalPolicyNumber: null,
      active: 1,
    });
    const enrolled = await enrol(linkId);
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const session = sessionSchema.parse(enrolled.json());
    const access = userAccessSchema.parse(
      (
        await t.app.inject({
          url: urlOf(accountsContracts.access, { id: session.userId }),
          headers: bearer(session.token),
        })
      ).json(),
    );
    expect(access.roles).toEqual(['AGENT']);
    expect(access.accessProfile.map((e) => e.feature)).toContain('agent-console');
    expect(access.accessProfile.map((e) => e.feature)).not.toContain('admin-console');

    const signIn = await signedIn(t, 'sam.staff@example.com', enrolment.password);
    expect(signIn.userId).toBe(session.userId);
    expect(byEmail(await staffOf(admin.headers), 'sam.staff@example.com')).toMatchObject({
      id: session.userId,
      status: 'ACTIVE',
      roles: ['AGENT'],
    });
    // The link worked once.
    expect((await enrol(linkId)).json().code).toBe('LINK_ALREADY_USED');
  });

  it('invites an ADMIN, who gets the admin console; inviting an address again replaces its link', async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const payload = {
      emailAddress: 'ada@example.com',
      firstName: 'Ada',
      surname: 'Admin',
      role: 'ADMIN',
    };
    expect((await invite(admin.headers, payload)).statusCode).toBe(201);
    const first = await linkIdMailedTo('ada@example.com');
    expect((await invite(admin.headers, { ...payload, locale: 'fr-CA' })).statusCode).toBe(201);
    const second = await linkIdMailedTo('ada@example.com');
    expect(second).not.toBe(first);
    expect((await lastMessageTo(t, 'ada@example.com'))!.subject).toContain('équipe');
    // One invitation listed, the earlier link withdrawn.
    const invitations = (await staffOf(admin.headers)).filter(
      (m) => m.emailAddress === 'ada@example.com',
    );
    expect(invitations).toHaveLength(1);
    const withdrawn = await t.app.inject({
      url: urlOf(accountsContracts.link, { linkId: first }),
      headers: keyOf('travel'),
    });
    expect(withdrawn.json().active).toBe(0);

    const session = sessionSchema.parse(
      (await enrol(second, { ...enrolment, firstName: 'Ada' })).json(),
    );
    const ada = bearer(session.token);
    expect((await list(ada)).statusCode).toBe(200);
  });

  it('refuses an address the partner already has an account for, and bad input, with the catalogue', async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const taken = await invite(admin.headers, {
      emailAddress: 'USER@travel.example.com',
      firstName: 'Uma',
      surname: 'User',
      role: 'AGENT',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_ALREADY_USED', field: 'emailAddress' });
    for (const bad of [
      { emailAddress: 'not-an-email', firstName: 'A', surname: 'B', role: 'AGENT' },
      { emailAddress: 'c@example.com', firstName: 'A', surname: 'B', role: 'USER' },
      { emailAddress: 'c@example.com', firstName: '', surname: 'B', role: 'AGENT' },
      { emailAddress: 'c@example.com', firstName: 'A', surname: 'B' },
    ]) {
      const res = await invite(admin.headers, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMS');
    }
    const agentId = await idOf('agent@travel.example.com');
    for (const bad of [{}, { disabled: 'yes' }]) {
      const res = await update(admin.headers, agentId, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await update(admin.headers, 'not-a-uuid', { disabled: true })).statusCode).toBe(400);
    expect(await lastMessageTo(t, 'c@example.com')).toBeUndefined();
  });

  it(`${routeName(accountsContracts.updateStaff)}: disabling ends the agent's sessions and refuses their sign-in until enabled`, async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const agent = await signedIn(t, 'agent@travel.example.com');
    const customerId = await idOf('user@travel.example.com');
    const acting = await actingFor(t, agent, customerId);
    const details = (headers: Record<string, string>, id: string) =>
      t.app.inject({ url: urlOf(accountsContracts.details, { id }), headers });
    expect((await details(agent.headers, agent.userId)).statusCode).toBe(200);

    const res = await update(admin.headers, agent.userId, { disabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffMemberSchema.parse(res.json())).toMatchObject({
      id: agent.userId,
      status: 'DISABLED',
    });
    // Its own session and the one it opened for a customer end at once.
    for (const [headers, id] of [
      [agent.headers, agent.userId],
      [acting, customerId],
    ] as const) {
      const after = await details(headers, id);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('UNAUTHORISED');
    }
    const refused = await login(t, 'agent@travel.example.com');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');
    // A wrong password says nothing about the account.
    expect((await login(t, 'agent@travel.example.com', 'Wrong-Pass-1!')).json().code).toBe(
      'INCORRECT_CREDENTIALS',
    );
    expect(byEmail(await staffOf(admin.headers), 'agent@travel.example.com')?.status).toBe(
      'DISABLED',
    );
    // Disabling again changes nothing.
    expect((await update(admin.headers, agent.userId, { disabled: true })).json().status).toBe(
      'DISABLED',
    );

    const enabled = await update(admin.headers, agent.userId, { disabled: false });
    expect(enabled.json()).toMatchObject({ status: 'ACTIVE' });
    await signedIn(t, 'agent@travel.example.com');

    // On the audit log: under the ADMIN, on the agent's account, field names only.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agentId, admin.userId), eq(auditLog.userId, agent.userId)));
    expect(entries.map((e) => [e.action, e.fields])).toEqual([
      [routeName(accountsContracts.updateStaff), ['disabled']],
      [routeName(accountsContracts.updateStaff), ['disabled']],
    ]);
  });

  it('never lets an ADMIN disable themself, nor anyone disable the last active ADMIN', async () => {
    const admin = await signedIn(t, 'admin@travel.example.com');
    const self = await update(admin.headers, admin.userId, { disabled: true });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('CANNOT_DISABLE_SELF');

    // Two ADMINs only: the one signed in, and a second enrolled by invitation.
    for (const other of await staffOf(admin.headers))
      if (other.roles.includes('ADMIN') && other.status === 'ACTIVE' && other.id !== admin.userId)
        expect((await update(admin.headers, other.id, { disabled: true })).statusCode).toBe(200);
    await invite(admin.headers, {
      emailAddress: 'bea@example.com',
      firstName: 'Bea',
      surname: 'Admin',
      role: 'ADMIN',
    });
    const bea = sessionSchema.parse(
      (
        await enrol(await linkIdMailedTo('bea@example.com'), { ...enrolment, firstName: 'Bea' })
      ).json(),
    );
    // Each disables the other at the same moment: one wins, and an active ADMIN is left.
    const [byAdmin, byBea] = await Promise.all([
      update(admin.headers, bea.userId, { disabled: true }),
      update(bearer(bea.token), admin.userId, { disabled: true }),
    ]);
    const outcomes = [byAdmin.statusCode, byBea.statusCode];
    expect(outcomes.filter((status) => status === 200)).toHaveLength(1);
    // The loser's session ended (401), or it read the winner's change (409).
    expect(outcomes.filter((status) => status !== 200)[0]).toBeOneOf([401, 409]);
    const active = (
      await t.database.db.select().from(users).where(eq(users.partnerId, 'travel'))
    ).filter((u) => u.roles.includes('ADMIN') && u.disabledAt === null);
    expect(active).toHaveLength(1);

    // Deterministically: the ADMIN left disabled tries, from a request that got past the
    // session check just before, to disable the last active one.
    const [winner] = active;
    const loserId = winner!.id === admin.userId ? bea.userId : admin.userId;
    const change = updateStaff({
      repo: staffRepo(t.database.db),
      sessions: t.app.sessions,
      audit: auditRepo(t.database.db),
      clock: t.clock,
    });
    const partner = (await t.app.partners.byId('travel'))!;
    const loser = {
      sessionId: '00000000-0000-4000-8000-000000000001',
      userId: loserId,
      partnerId: 'travel',
      roles: ['ADMIN' as const],
      employee: false,
      agentId: undefined,
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
    };
    await expect(change(loser, partner, winner!.id, true)).rejects.toMatchObject({
      code: 'LAST_ACTIVE_ADMIN',
      status: 409,
    });
  });
});
