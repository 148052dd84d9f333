import { API_ROOT, accountsContracts, urlFor } from '@tern/domain';
import type { Cluster, Instance, LoadPartner } from './multi-cluster.ts';
import { call, holdStream, type HeldStream } from './multi-load.ts';
import { PASSWORD } from './world.ts';

/**
 * The simulated users of `npm run multi` and what they share. Each holds its event stream on
 * both instances and sends every call to either one with any of its sessions (opened on
 * either); each now and then signs in on one instance and checks the session on the other.
 * Travellers: multi-traveller.ts; the parametric and monitoring partners' customers:
 * multi-customers.ts. What happens to them comes from the operator (multi.ts).
 */

export const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
/** How often, per user, each heavier action comes round (ms). */
export const EVERY = { upload: 20_000, blink: 10_000, session: 6_000, claim: 3_000, item: 8_000 };

export interface Actor {
  name: string;
  partner: LoadPartner;
  userId: string;
  /** Its first session's token: its streams', never signed out. */
  token: string;
  tokens: string[];
  streams: HeldStream[];
  /** USER_DETAILS changes it asked for, in order: when and on which instance. */
  renames: { at: number; on: Instance }[];
  step(): Promise<void>;
}

export interface LoadContext {
  cluster: Cluster;
  seconds: number;
  startedAt: Date;
  /** What the checks at the end count. */
  counts: { resets: number; uploads: string[]; predictions: string[]; sessionChecks: number };
}

export const apiKeyOf = (context: LoadContext, partner: LoadPartner) =>
  context.cluster.apiKeys[partner];
export const instanceOf = (context: LoadContext) => pick(context.cluster.instances);
export const otherThan = (context: LoadContext, instance: Instance) =>
  context.cluster.instances.find((i) => i !== instance)!;

export async function withStreams(context: LoadContext, actor: Omit<Actor, 'streams' | 'step'>) {
  const headers = {
    'api-key': apiKeyOf(context, actor.partner),
    authorization: `Bearer ${actor.token}`,
  };
  const url = urlFor(API_ROOT, accountsContracts.events, { id: actor.userId });
  return Promise.all(context.cluster.instances.map((i) => holdStream(i, url, headers)));
}

/** Signs in on one instance, reads on the other; every other time signs out there and checks the first refuses it. */
export async function sessionCheck(context: LoadContext, actor: Actor, email: string) {
  const apiKey = apiKeyOf(context, actor.partner);
  const on = instanceOf(context);
  const other = otherThan(context, on);
  const session = (await call('login', on, accountsContracts.login, {
    apiKey,
    body: { emailAddress: email, password: PASSWORD, partnerId: actor.partner },
  })) as { token: string } | undefined;
  if (!session) return;
  const read = { apiKey, params: { id: actor.userId }, token: session.token };
  if (!(await call('session', other, accountsContracts.details, read))) return;
  context.counts.sessionChecks += 1;
  if (Math.random() < 0.5 && actor.tokens.length < 4) {
    actor.tokens.push(session.token);
    return;
  }
  await call('session', other, accountsContracts.logout, { apiKey, token: session.token });
  await call('session', on, accountsContracts.details, { ...read, expect: 401 });
}

/** A schedule: true once every `ms`, starting at a random point of the first period. */
export const every = (ms: number) => {
  let next = Date.now() + Math.random() * ms;
  return () => {
    if (Date.now() < next) return false;
    next += ms;
    return true;
  };
};

/** The demo customer of a partner, signed in on the second instance. */
export async function demoCustomer(context: LoadContext, partner: LoadPartner, email: string) {
  const session = (await call('login', context.cluster.instances[1], accountsContracts.login, {
    apiKey: apiKeyOf(context, partner),
    body: { emailAddress: email, password: PASSWORD, partnerId: partner },
  })) as { userId: string; token: string } | undefined;
  if (!session) throw new Error(`${email} could not sign in`);
  const base = { name: email, partner, userId: session.userId, token: session.token };
  return {
    ...base,
    tokens: [session.token],
    renames: [],
    streams: await withStreams(context, { ...base, tokens: [], renames: [] }),
  };
}
