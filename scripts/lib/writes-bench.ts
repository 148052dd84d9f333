import type { FastifyInstance } from 'fastify';
import {
  API_ROOT,
  accountsContracts,
  claimsContracts,
  luggageContracts,
  monitoringContracts,
  routeName,
  travelContracts,
  urlFor,
  type ContractDef,
} from '@tern/domain';
import type { Database } from '../../apps/api/src/db/client.ts';
import { DEMO_IDS } from '../../apps/api/src/seed/demo-data.ts';
import { benchUsers } from './travel-bench.ts';

type Headers = Record<string, string>;

/** One connection's request: its own path (its user's or resource's id), body and session. */
export interface ConnectionRequest {
  method: string;
  path: string;
  body: string;
  headers: Headers;
}

export interface WriteLoad {
  route: string;
  /** Each connection's request, sent again and again. */
  requests: ConnectionRequest[];
}

const json = { 'content-type': 'application/json' };
const label = (contract: ContractDef, what: string) => `${routeName(contract, API_ROOT)} (${what})`;
const request = (
  contract: ContractDef,
  params: Record<string, string>,
  body: unknown,
  headers: Headers,
): ConnectionRequest => ({
  method: contract.method,
  path: urlFor(API_ROOT, contract, params),
  body: JSON.stringify(body),
  headers: { ...json, ...headers },
});

/**
 * The key writes of every area (issue 31's bench), each at `connections` at once: every
 * connection sends its own request again and again — its own user's, or one of the subject's
 * resources in turn — so that the figure is of writes as many customers make them, not of one
 * row's lock. A resolution is chosen once per disruption (its figure is the resolutions
 * bench's latency), and payments are the payouts route's (bench.ts).
 */
export async function writeLoads(options: {
  app: FastifyInstance;
  database: Database;
  key: Headers;
  connections: number;
  /** The area benches' subjects, whose resources the writes change. */
  luggage?: { headers: Headers; userId: string };
  claims?: { headers: Headers };
  monitoring?: { headers: Headers; userId: string };
}): Promise<WriteLoad[]> {
  const { app, database, key, connections } = options;
  const spread = <T>(values: T[], make: (value: T, n: number) => ConnectionRequest) =>
    Array.from({ length: connections }, (_, n) => make(values[n % values.length]!, n));
  const loads: WriteLoad[] = [];

  // Accounts and travel: customers of their own, each changing their details, each their
  // passenger.
  const users = await benchUsers(app, database, key, connections);
  loads.push({
    route: label(accountsContracts.update, `${connections} users`),
    requests: users.map((user, n) =>
      request(
        accountsContracts.update,
        { id: user.userId },
        { firstName: `Bench${'x'.repeat(n % 5)}` },
        { ...key, ...user.headers },
      ),
    ),
  });
  const passengers = await Promise.all(
    users.map(async (user, n) => {
      const res = await app.inject({
        method: travelContracts.addPassenger.method,
        url: urlFor(API_ROOT, travelContracts.addPassenger),
        headers: { ...json, ...key, ...user.headers },
        payload: {
          name: 'Petra',
          surname: `Bench${String.fromCharCode(65 + (n % 26))}`,
          mobilePhoneNumber: '+447911123456',
        },
      });
      if (res.statusCode !== 201) throw new Error(`bench passenger not added: ${res.body}`);
      return {
        id: res.json<{ passengerId: string }>().passengerId,
        headers: { ...key, ...user.headers },
      };
    }),
  );
  loads.push({
    route: label(travelContracts.updatePassenger, `${connections} users`),
    requests: passengers.map((passenger, n) =>
      request(
        travelContracts.updatePassenger,
        { passengerId: passenger.id },
        { mobilePhoneNumber: `+4479111234${String(n % 100).padStart(2, '0')}` },
        passenger.headers,
      ),
    ),
  });

  if (options.luggage) {
    const { headers, userId } = options.luggage;
    const { rows } = await database.pool.query<{ id: string }>(
      'select id from lost_bags where user_id = $1 order by id',
      [userId],
    );
    loads.push({
      route: label(luggageContracts.updateBag, `${rows.length} bags of one customer`),
      requests: spread(rows, ({ id }) =>
        request(luggageContracts.updateBag, { bagId: id }, { airtagUrl: '' }, headers),
      ),
    });
  }
  if (options.claims)
    loads.push({
      route: label(claimsContracts.updateItem, "the demo café's business"),
      requests: spread([DEMO_IDS.cafe], (itemId, n) =>
        request(
          claimsContracts.updateItem,
          { itemId },
          { properties: { name: `Harbour Café ${n % 3}` } },
          options.claims!.headers,
        ),
      ),
    });
  if (options.monitoring) {
    const { headers, userId } = options.monitoring;
    const { rows } = await database.pool.query<{ id: string }>(
      'select id from monitored_items where user_id = $1 and active order by id',
      [userId],
    );
    loads.push({
      route: label(monitoringContracts.renameItem, `${rows.length} items of one subscriber`),
      requests: spread(rows, ({ id }, n) =>
        request(
          monitoringContracts.renameItem,
          { userId, id },
          { displayName: `Bench item ${n % 7}` },
          headers,
        ),
      ),
    });
  }
  return loads;
}
