import type { Role } from '@tern/domain/constants';
import { accessProfileFor } from '@tern/domain/access';
import type { UserDetails } from '@tern/domain/accounts/schemas';
import { jsonResponse, type FakeRoute } from './fake-fetch.ts';

/** Ids the fake API uses (valid UUIDs, as the schemas require). */
export const ids = {
  user: '11111111-1111-4111-8111-111111111111',
  agent: '22222222-2222-4222-8222-222222222222',
  customer: '33333333-3333-4333-8333-333333333333',
  passenger: '44444444-4444-4444-8444-444444444444',
  trip: '55555555-5555-4555-8555-555555555555',
  flight: '66666666-6666-4666-8666-666666666666',
  bag: '77777777-7777-4777-8777-777777777777',
  method: '88888888-8888-4888-8888-888888888888',
} as const;

export const userDetails = (overrides: Partial<UserDetails> = {}): UserDetails => {
  const id = overrides.id ?? ids.user;
  return {
    id,
    userId: id,
    partnerId: 'travel',
    emailAddress: 'uma@example.com',
    mobilePhoneNumber: '+14165550123',
    firstName: 'Uma',
    surname: 'User',
    employee: 0,
    mfaEnabled: false,
    locale: 'en-CA',
    language: 'EN',
    commsSms: true,
    comms: [],
    terms: 'ACCEPTED',
    roles: ['USER'],
    ...overrides,
  };
};

export const accessFor = (roles: Role[], agentId?: string) => ({
  accessProfile: accessProfileFor(roles),
  roles,
  accessGroup: { partnerId: 'travel' },
  ...(agentId ? { agentId } : {}),
});

/** A session as login, one-time code, MFA and register answer it. */
export const sessionOf = (userId: string = ids.user, extra: { agentId?: string } = {}) => ({
  id: userId,
  userId,
  token: `token-${userId.slice(0, 4)}${extra.agentId ? '-acting' : ''}`,
  expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  ...extra,
});

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
const json =
  (body: unknown, status = 200): Handler =>
  () =>
    jsonResponse(status, body);

/** The JSON body a call sent. */
export const bodyOf = (init: RequestInit | undefined): Record<string, unknown> =>
  JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;

/**
 * A fake API for one signed-in user of the default partner: the user, their access and every
 * dataset, empty unless overridden. Routes are named `METHOD /path` (below the API root);
 * `overrides` replace or add routes.
 */
export function fakeApi(
  overrides: Record<string, Handler> = {},
  { users = { [ids.user]: userDetails() } }: { users?: Record<string, UserDetails> } = {},
): FakeRoute {
  const routes: Record<string, Handler> = {
    'GET /platform/user/logout': json({ status: 'LOGGED_OUT' }),
    'GET /platform/users/policies': json([]),
    'GET /platform/payouts/methods': json([]),
    'GET /platform/payouts/config': json({
      payouts: { supplier: 'manual', providers: ['BANK-MANUAL'] },
      country: { iso: 'CA', currency: 'CAD' },
    }),
    'GET /platform/items': json([]),
    'GET /platform/items/views/item-alerts': json([]),
    'GET /travel/passengers': json([]),
    'GET /travel/luggage/lost/bags': json([]),
    'GET /travel/trips': json([]),
    ...overrides,
  };
  return (url, init) => {
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = init.method ?? 'GET';
    const exact = routes[`${method} ${path}`];
    if (exact) return exact(url, init);
    // /platform/users/{id}[/access|/policies]
    const user = path.match(/^\/platform\/users\/([^/]+)(\/access|\/policies)?$/);
    if (user && method === 'GET') {
      const details = users[user[1]!];
      if (!details) return jsonResponse(404, { code: 'USER_NOT_FOUND', status: 404, message: 'x' });
      const own = routes[`GET /platform/users${user[2] ?? ''}`];
      if (own) return own(url, init);
      if (user[2] === '/access') return jsonResponse(200, accessFor(details.roles));
      return jsonResponse(200, details);
    }
    const owl = path.match(/^\/(monitoring|owl)\/subscribers\/[^/]+(.*)$/);
    if (owl) {
      const key = `${method} /${owl[1]}/subscribers${owl[2]}`;
      const handler = routes[key];
      if (handler) return handler(url, init);
    }
    return undefined;
  };
}
