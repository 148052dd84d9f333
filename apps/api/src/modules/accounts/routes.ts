import type { accountsContracts } from '@tern/domain';
import type { onRequestAsyncHookHandler } from 'fastify';
import { clientKey } from '../../lib/client-address.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { Handlers } from '../../plugins/contracts.ts';
import { LINKS_PER_ADDRESS, MINUTE_MS, type Limit } from './limits.ts';
import type { AccountsServices } from './services.ts';

/**
 * Accounts and sessions: sign-up and sign-in (api-key only, each limited per address), the
 * signed-in user's details, access, changes, MFA and logout, the agent console and the admin
 * console. The contracts' access and ownership rules have run before these.
 */
export function accountsRoutes(
  accounts: AccountsServices,
  /** Requests per minute per address on each sign-in route and the support form. */
  perAddressMax: number,
  live: LiveEvents,
): Handlers<typeof accountsContracts> {
  /**
   * A limit per client address on one route, counted in the database: every instance sees
   * the same count, and a restart does not reset it.
   */
  const limitedTo =
    (route: keyof typeof accountsContracts, rule: Limit): onRequestAsyncHookHandler =>
    (request) =>
      accounts.throttle.consume(`address:${route}`, clientKey(request.ip), rule);
  const perAddress = (route: keyof typeof accountsContracts) => ({
    onRequest: limitedTo(route, { limit: perAddressMax, windowMs: MINUTE_MS }),
  });
  return {
    register: {
      handler: (request) => accounts.registration.register(request.partner, request.body),
      ...perAddress('register'),
    },
    login: {
      handler: (request) =>
        accounts.login.login(request.partner, request.body, clientKey(request.ip)),
      ...perAddress('login'),
    },
    requestCode: {
      handler: (request) =>
        accounts.otc.request(request.partner, request.body.identifier, clientKey(request.ip)),
      ...perAddress('requestCode'),
    },
    confirmCode: {
      handler: (request) => accounts.otc.confirm(request.partner, request.body),
      ...perAddress('confirmCode'),
    },
    confirmMfa: {
      handler: (request) => accounts.mfa.confirm(request.partner, request.body),
      ...perAddress('confirmMfa'),
    },
    sso: {
      handler: (request) => accounts.sso.signIn(request.partner, request.params.token),
      ...perAddress('sso'),
    },
    checkResetLink: {
      handler: async (request) => {
        await accounts.passwordReset.checkLink(request.partner, request.body.token);
        return { status: 'VALID' as const };
      },
      ...perAddress('checkResetLink'),
    },
    forgotPassword: {
      handler: async (request) => {
        await accounts.passwordReset.requestReset(
          request.partner,
          request.body,
          clientKey(request.ip),
        );
        return { status: 'ACCEPTED' as const };
      },
      ...perAddress('forgotPassword'),
    },
    resetPassword: {
      handler: async (request) => {
        await accounts.passwordReset.reset(request.partner, request.body);
        return { status: 'PASSWORD_CHANGED' as const };
      },
      ...perAddress('resetPassword'),
    },
    support: {
      handler: (request) => accounts.support.submit(request.partner, request.body),
      // Open to anyone and each one sends an email: limited as the sign-in routes are.
      ...perAddress('support'),
    },

    sendMobileCode: async (request) => {
      await accounts.mobile.sendCode(await accounts.users.row(request.params.id));
      return { status: 'CODE_SENT' as const };
    },
    confirmMobile: async (request) => {
      await accounts.mobile.confirm(await accounts.users.row(request.params.id), request.body.code);
      return accounts.users.changed(request.params.id);
    },
    details: (request) => accounts.users.details(request.params.id),
    access: (request) => accounts.users.access(request.params.id, request.caller),
    events: (request, reply) =>
      live.stream(reply, {
        userId: request.caller.userId,
        sessionId: request.caller.sessionId,
        expiresAt: request.caller.expiresAt,
        lastEventId: request.headers['last-event-id'] as string | undefined,
      }),
    update: (request) =>
      accounts.users.update(request.params.id, request.body, request.caller.agentId),
    changeEmail: async (request) =>
      accounts.emailChange.request(
        request.partner,
        await accounts.users.row(request.params.id),
        request.body,
      ),
    confirmEmail: async (request) =>
      accounts.emailChange.confirm(
        request.partner,
        await accounts.users.row(request.params.id),
        request.body.code,
      ),
    logout: async (request) => {
      await accounts.sessions.revoke(request.caller.sessionId);
      return { status: 'LOGGED_OUT' as const };
    },
    mfaToken: (request) =>
      accounts.mfa.startSetup(request.partner, request.caller.userId, request.body.label),
    setMfa: (request) =>
      accounts.mfa.setEnabled(request.caller.userId, request.body.enabled, request.body.code),

    // The partner's back end (no caller) or an ADMIN.
    createLink: (request) =>
      accounts.links.create(request.partner, request.caller ?? null, request.body),
    link: {
      handler: (request) => accounts.links.lookup(request.partner, request.params.linkId),
      onRequest: limitedTo('link', LINKS_PER_ADDRESS),
    },
    enrol: {
      handler: (request) =>
        accounts.links.enrol(request.partner, request.params.linkId, request.body),
      onRequest: limitedTo('enrol', LINKS_PER_ADDRESS),
    },

    searchCustomers: (request) =>
      accounts.agents.searchCustomers(request.caller, request.query.query),
    actFor: (request) => accounts.agents.actFor(request.caller, request.body.userId),

    listStaff: (request) => accounts.admin.listStaff(request.caller, request.partner),
    inviteStaff: (request) =>
      accounts.admin.inviteStaff(request.caller, request.partner, request.body),
    updateStaff: (request) =>
      accounts.admin.updateStaff(
        request.caller,
        request.partner,
        request.params.userId,
        request.body.disabled,
      ),
    audit: (request) => accounts.admin.searchAudit(request.caller, request.partner, request.query),
  };
}
