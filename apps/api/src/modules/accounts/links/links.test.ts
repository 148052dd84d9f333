import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  accountsContracts,
  linkCreatedSchema,
  linkInvitationSchema,
  policiesContracts,
  routeName,
  sessionSchema,
} from '@tern/domain';
import { keyOf, lastMessageTo, signedIn } from '../../../../test/accounts.ts';
import { demoPartner, useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';
import { linkInvitations } from '../tables.ts';

const server = {
  ...keyOf('travel'),
  authorization: `Bearer ${demoPartner('travel').serverSecret}`,
};
const invitation = {
  firstName: 'Ines',
  surname: 'Invited',
  mobilePhoneNumber: '+14165550142',
  emailAddress: 'ines@example.com',
  externalPolicyNumber: 'SKY-2004',
  locale: 'fr-CA',
};
const enrolment = {
  firstName: 'Inès',
  surname: 'Invited',
  password: 'Enrol-Pass-1!',
  locale: 'fr-CA',
};

describe('link invitations and enrolment', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const invite = (headers: Record<string, string>, payload: object = invitation) =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.createLink, { partnerId: 'travel' }),
      headers,
      payload,
    });
  const lookUp = (linkId: string) =>
    t.app.inject({ url: urlOf(accountsContracts.link, { linkId }), headers: keyOf('travel') });
  const enrol = (linkId: string, payload: object = enrolment) =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.enrol, { linkId }),
      headers: keyOf('travel'),
      payload,
    });

  it(`${routeName(accountsContracts.createLink)}: the back end invites; the customer is emailed an unguessable link that prefills enrolment`, async () => {
    const res = await invite(server);
    expect(res.statusCode, res.body).toBe(201);
    const created = linkCreatedSchema.parse(res.json());
    // 24 random bytes, base64url: 192 bits.
    expect(created.linkId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.url).toMatch(
      new RegExp(`^http://travel\\.localhost:\\d+/link/${created.linkId}$`),
    );
    const [row] = await t.database.db.select().from(linkInvitations);
    expect(row!.linkHash).not.toContain(created.linkId);
    const email = await lastMessageTo(t, 'ines@example.com');
    expect(email).toMatchObject({ template: 'link-invitation' });
    expect(email!.text).toContain(created.url);
    expect(email!.subject).toContain('vous invite');

    const found = await lookUp(created.linkId);
    expect(linkInvitationSchema.parse(found.json())).toEqual({
      linkId: created.linkId,
      firstName: 'Ines',
      surname: 'Invited',
      mobilePhoneNumber: '+14165550142',
      emailAddress: 'ines@example.com',
      externalPolicyNumber: 'SKY-2004',
      secondaryId: null,
      active: 1,
    });
  });

  it(`${routeName(accountsContracts.enrol)} creates the account with the policy, signs in, and uses the link (409 after)`, async () => {
    const { linkId } = linkCreatedSchema.parse(
      (
        await invite(server, { ...invitation, emailAddress: 'ivo@example.com', send: false })
      ).json(),
    );
    expect(await lastMessageTo(t, 'ivo@example.com')).toBeUndefined();
    const res = await enrol(linkId);
    expect(res.statusCode, res.body).toBe(201);
    const session = sessionSchema.parse(res.json());
    const headers = { ...keyOf('travel'), authorization: `Bearer ${session.token}` };
    const details = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: session.userId }),
      headers,
    });
    expect(details.json()).toMatchObject({
      emailAddress: 'ivo@example.com',
      firstName: 'Inès',
      mobilePhoneNumber: '+14165550142',
      locale: 'fr-CA',
      terms: 'PENDING',
    });
    const policies = await t.app.inject({
      url: urlOf(policiesContracts.list, { id: session.userId }),
      headers,
    });
    expect(
      policies.json().map((p: { externalPolicyNumber: string }) => p.externalPolicyNumber),
    ).toEqual(['SKY-2004']);
    // The password set at enrolment signs in.
    await signedIn(t, 'ivo@example.com', 'Enrol-Pass-1!');

    for (const again of [await lookUp(linkId), await enrol(linkId)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('LINK_ALREADY_USED');
    }
  });

  it('two enrolments at once with one link make exactly one account', async () => {
    const { linkId } = linkCreatedSchema.parse(
      (
        await invite(server, {
          ...invitation,
          emailAddress: 'twice@example.com',
          externalPolicyNumber: undefined,
          send: false,
        })
      ).json(),
    );
    const results = await Promise.all([enrol(linkId), enrol(linkId), enrol(linkId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json().code).toBe('LINK_ALREADY_USED');
  });

  it('an expired or withdrawn link is inactive and enrols no one; an unknown one is 404', async () => {
    const { linkId } = linkCreatedSchema.parse(
      (
        await invite(server, { ...invitation, emailAddress: 'late@example.com', send: false })
      ).json(),
    );
    await t.database.db
      .update(linkInvitations)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(linkInvitations.emailAddress, 'late@example.com'));
    expect((await lookUp(linkId)).json()).toMatchObject({ active: 0 });
    const late = await enrol(linkId);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('EXPIRED_OR_INACTIVE');
    const unknown = await lookUp('A'.repeat(32));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('LINK_NOT_FOUND');
    expect((await lookUp('short')).statusCode).toBe(400);
  });

  it('refuses bad invitations and enrolments field by field, saving nothing', async () => {
    const bad = await invite(server, {
      ...invitation,
      firstName: 'x'.repeat(51),
      emailAddress: 'has space@example.com',
      mobilePhoneNumber: '12',
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['firstName', 'emailAddress', 'mobilePhoneNumber']),
    );
    const { linkId } = linkCreatedSchema.parse(
      (
        await invite(server, { ...invitation, emailAddress: 'weak@example.com', send: false })
      ).json(),
    );
    const weak = await enrol(linkId, { ...enrolment, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('password');
    expect((await lookUp(linkId)).json()).toMatchObject({ active: 1 });
  });

  it("only the partner's back end or an ADMIN invites: a customer or an agent get 403", async () => {
    const customer = await signedIn(t, 'user@travel.example.com');
    const agent = await signedIn(t, 'agent@travel.example.com');
    for (const headers of [customer.headers, agent.headers]) {
      const res = await invite(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PARTNER_ONLY');
    }
    const admin = await signedIn(t, 'admin@travel.example.com');
    const res = await invite(admin.headers, {
      ...invitation,
      emailAddress: 'by-admin@example.com',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(linkInvitations)
      .where(eq(linkInvitations.emailAddress, 'by-admin@example.com'));
    expect(row!.createdBy).toBe(admin.userId);
  });
});
