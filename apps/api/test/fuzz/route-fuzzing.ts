import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allContracts,
  apiErrorSchema,
  isErrorCode,
  offersArea,
  partnerConfigSchema,
  routeName,
  type AreaName,
  type Contract,
} from '@tern/domain';
import {
  DEMO_PASSWORD,
  demoEmail,
  demoPartners,
  type DemoPartner,
} from '../../src/seed/demo-world.ts';
import { useTestApp, type TestContext } from '../app.ts';
import { bearer, keyOf, login } from '../accounts.ts';
import { describeRequest, requestsFor, type GeneratedRequest } from './requests.ts';

/**
 * Schema fuzzing (issue 31, item 4): every route of every contract is sent requests generated
 * from its schemas, valid and mutated (`requests.ts`), as a caller who gets past the api-key and
 * the session to validation — a signed-in USER, an ADMIN on staff routes, the partner's server
 * secret on partner routes — of a partner that offers the route's area. No answer is a 5xx, no
 * promise is left rejected, and every 4xx is in the error catalogue's shape.
 *
 * The routes are split in shards, one test file each (`src/plugins/fuzz-shard-*.test.ts`), so
 * the test runner's workers share them. FUZZ_RUNS (200 in the test command; `npm run fuzz`
 * 10,000) and FUZZ_SEED (fixed, so a failure replays: fast-check prints the seed and path of
 * the failing run) tune it; FUZZ_SUMMARY=1 prints each route's statuses and the time per kind
 * of request.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 31_04);
/** Only the routes whose `METHOD /path` contains this (replaying one route). */
const ONLY = process.env.FUZZ_ROUTE;

/** The first demo partner that offers an area: its routes answer past the area gate. */
function partnerFor(area: string): DemoPartner {
  const partner = demoPartners.find((p) =>
    offersArea(partnerConfigSchema.parse(p.config), area as AreaName),
  );
  if (!partner) throw new Error(`No demo partner offers ${area}`);
  return partner;
}

/**
 * The credentials a route is called with, renewed when a run signed its session out (the
 * logout route, an ended session): a fuzzed request reaches validation, not 401.
 */
function credentials(t: TestContext) {
  const sessions = new Map<string, Promise<{ userId: string; headers: Record<string, string> }>>();
  // Each sign-in from an address of its own: the sign-in limit per address counts real people.
  let signIns = 0;
  const session = (partner: DemoPartner, role: 'user' | 'admin') => {
    const key = `${partner.id}:${role}`;
    let opened = sessions.get(key);
    if (!opened) {
      signIns++;
      const address = `10.31.${Math.floor(signIns / 250)}.${signIns % 250}`;
      opened = login(t, demoEmail(partner.id, role), DEMO_PASSWORD, partner.id, address).then(
        (res) => {
          if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
          const { userId, token } = res.json<{ userId: string; token: string }>();
          return { userId, headers: bearer(token, partner.id) };
        },
      );
      // A failed sign-in is tried again by the next run, not kept.
      opened.catch(() => sessions.delete(key));
      sessions.set(key, opened);
    }
    return opened;
  };
  const roleOf = (contract: Contract) => (contract.access === 'staff' ? 'admin' : 'user');
  return {
    async of(contract: Contract): Promise<{ userId?: string; headers: Record<string, string> }> {
      const partner = partnerFor(contract.area);
      switch (contract.access) {
        case 'signedLink':
          return { headers: {} };
        case 'apiKey':
          return { headers: keyOf(partner.id) };
        case 'partner':
          return { headers: bearer(partner.serverSecret, partner.id) };
        default:
          return session(partner, roleOf(contract));
      }
    },
    renew(contract: Contract) {
      sessions.delete(`${partnerFor(contract.area).id}:${roleOf(contract)}`);
    },
  };
}

interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/**
 * Sends one request. A live event stream stays open once it answers 200: its status and type
 * are read and the stream dropped; any other answer is read whole.
 */
async function send(
  app: FastifyInstance,
  request: GeneratedRequest,
  headers: Record<string, string>,
  stream: boolean,
): Promise<Answer> {
  const options: InjectOptions = {
    method: request.method,
    url: request.url,
    headers: { ...request.headers, ...headers },
    remoteAddress: request.remoteAddress,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  };
  if (!stream) {
    const res = await app.inject(options);
    return {
      status: res.statusCode,
      contentType: res.headers['content-type'],
      body: res.body,
    };
  }
  const res = await app.inject({ ...options, payloadAsStream: true });
  const contentType = res.headers['content-type'];
  const body = res.stream();
  if (res.statusCode < 300) {
    body.destroy();
    return { status: res.statusCode, contentType, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return { status: res.statusCode, contentType, body: Buffer.concat(chunks).toString('utf8') };
}

/** Why an answer breaks the rules (undefined: it keeps them). */
function problemOf(answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `answered ${answer.status} with a body that is not JSON (${answer.contentType})`;
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success) return `answered ${answer.status} outside the catalogue's shape`;
  if (!isErrorCode(parsed.data.code)) return `answered an unknown code ${parsed.data.code}`;
  if (parsed.data.status !== answer.status)
    return `answered ${answer.status} with a body that says ${parsed.data.status}`;
  return undefined;
}

/** The routes of one shard (1-based) of `shards`, taken in turn from the contract list. */
const SHARDS = 2;
const routesOf = (shard: number) =>
  allContracts.filter((c, i) => i % SHARDS === shard - 1 && (!ONLY || routeName(c).includes(ONLY)));

/** The fuzzing of one shard's routes, on an app of its own. */
export function fuzzRoutes(shard: number) {
  const contracts = routesOf(shard);
  describe(`schema fuzzing, shard ${shard} of ${SHARDS}: requests generated from each route’s schemas`, () => {
    fuzzSuite(contracts);
  });
}

function fuzzSuite(contracts: readonly Contract[]) {
  // The server errors' log lines, to show why a run failed.
  const errorLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      errorLines.push(chunk.toString('utf8'));
      if (errorLines.length > 20) errorLines.shift();
      done();
    },
  });
  // The abuse limits are raised: hundreds of requests per route from one user would otherwise
  // spend a class's allowance (429 for the rest) before the schemas are reached; the limits
  // have their own tests (modules/accounts/abuse-limits.test.ts).
  const t = useTestApp({ config: { LOG_LEVEL: 'error', ABUSE_LIMIT_SCALE: '1000000' }, logStream });
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  let creds: ReturnType<typeof credentials>;

  beforeAll(() => {
    process.on('unhandledRejection', onRejection);
    creds = credentials(t);
    console.info(
      `schema fuzzing: ${RUNS} runs per route, seed ${SEED} (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_ROUTE='<METHOD /path>')`,
    );
  });
  const summary: string[] = [];
  // Milliseconds spent per kind of request: where the run's time goes.
  const timeSpent = new Map<string, [number, number]>();
  const cpuAtStart = process.cpuUsage();
  afterAll(() => {
    process.off('unhandledRejection', onRejection);
    if (process.env.FUZZ_SUMMARY)
      console.info(
        [
          ...summary,
          `CPU of this process: ${JSON.stringify(process.cpuUsage(cpuAtStart))} µs`,
          ...[...timeSpent].map(
            ([m, [n, ms]]) => `${m}: ${n} requests, ${(ms / n).toFixed(1)} ms each`,
          ),
        ].join('\n'),
      );
  });

  for (const contract of contracts) {
    it(
      `${routeName(contract)}: no 5xx, every 4xx in the catalogue's shape`,
      async () => {
        const first = await creds.of(contract);
        const known = { partnerId: partnerFor(contract.area).id, userId: first.userId };
        const statuses = new Map<number, number>();
        await fc.assert(
          fc.asyncProperty(requestsFor(contract, known), async (request) => {
            const { headers } = await creds.of(contract);
            errorLines.length = 0;
            const started = performance.now();
            const answer = await send(t.app, request, headers, contract.stream === true);
            const spent = timeSpent.get(request.mutation) ?? [0, 0];
            timeSpent.set(request.mutation, [spent[0] + 1, spent[1] + performance.now() - started]);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.status === 401 && answer.body.includes('"UNAUTHORISED"'))
              creds.renew(contract);
            const problem = problemOf(answer);
            if (problem)
              throw new Error(
                `${problem}: ${answer.body.slice(0, 500)}\n${describeRequest(request)}\n${errorLines.join('')}`,
              );
            if (rejections.length > 0)
              throw new Error(
                `unhandled rejection: ${String(rejections[0])}\n${describeRequest(request)}`,
              );
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
        const seen = JSON.stringify(Object.fromEntries(statuses));
        summary.push(`${routeName(contract)} ${seen}`);
        // The caller got past the api-key and the session, and validation refused some runs.
        expect(statuses.get(401) ?? 0, seen).toBeLessThan(RUNS);
        if (RUNS >= 50) expect(statuses.get(400) ?? 0, seen).toBeGreaterThan(0);
      },
      // Generous: a machine busy with other work runs a request in 75 ms rather than 3.
      Math.max(120_000, RUNS * 400),
    );
  }

  it('left no promise rejected and unhandled', () => {
    expect(rejections).toEqual([]);
  });
}
