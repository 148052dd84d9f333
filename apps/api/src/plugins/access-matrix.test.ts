import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT, allContracts, type Contract } from '@tern/domain';
import { useTestApp } from '../../test/app.ts';
import { ACCESS_CODES, expectedOf, type Expected } from '../../test/access-rules.ts';
import {
  CALLER_KINDS,
  codeOf,
  contractsByHome,
  knownFor,
  requestFor,
  send,
  worldOf,
  type CallerKind,
  type RouteRequest,
  type World,
} from '../../test/callers.ts';
import { otherRoutes } from '../cli/entrypoints.ts';
import { routeUrl } from './contracts.ts';

/**
 * Issue 31, item 1: every route of Fastify's route table, in the OpenAPI document, called as
 * every kind of caller; what each gets is derived from the route's contract (test/access-rules.ts).
 */

/** Calls that end or change the caller's own state, made after the others. */
const lastOf = (contract: Contract) =>
  contract.method === 'DELETE' || contract.id === 'accounts.logout' ? 1 : 0;

interface Cell {
  route: string;
  caller: CallerKind;
  expected: Expected;
  status: number;
  code: string | undefined;
}

const agrees = (cell: Cell): boolean => {
  const { expected, status, code } = cell;
  if (status >= 500) return false;
  if (expected.outcome === 'allowed') return !code || !ACCESS_CODES.has(code);
  if (expected.outcome === 'refusedAny') return status >= 400;
  return status === expected.status && (!expected.code || expected.code === code);
};

describe('the role × route matrix', () => {
  const t = useTestApp();
  const requests = new Map<string, RouteRequest>();
  const cells: Cell[] = [];

  beforeAll(async () => {
    const homes = contractsByHome();
    const worldOf_ = new Map<string, World>();
    for (const [home, contracts] of homes) {
      const world = await worldOf(t, home);
      for (const contract of contracts) {
        worldOf_.set(contract.id, world);
        requests.set(contract.id, requestFor(contract, await knownFor(t, world, contract)));
      }
    }
    const headersOf = new Map<World, Record<CallerKind, Record<string, string>>>();
    for (const world of new Set(worldOf_.values())) headersOf.set(world, await world.headers());
    const expectedFor = (contract: Contract, caller: CallerKind) =>
      expectedOf(contract, caller, requests.get(contract.id)!.fabricatedCredential);

    const call = async (contract: Contract, caller: CallerKind) => {
      const world = worldOf_.get(contract.id)!;
      const expected = expectedFor(contract, caller);
      let answer = await send(t, requests.get(contract.id)!, headersOf.get(world)![caller]);
      // A call before may have ended this caller's session (sign-out, staff disabled): a fresh
      // one is asked for once, so the cell is about this route.
      if (expected.outcome === 'allowed' && codeOf(answer.body) === 'UNAUTHORISED') {
        headersOf.set(world, await world.headers());
        answer = await send(t, requests.get(contract.id)!, headersOf.get(world)![caller]);
      }
      cells.push({
        route: contract.id,
        caller,
        expected,
        status: answer.status,
        code: codeOf(answer.body),
      });
    };
    // Refusals first: they change nothing, so every call after them meets the same world.
    for (const contract of allContracts)
      await Promise.all(
        CALLER_KINDS.filter((caller) => expectedFor(contract, caller).outcome !== 'allowed').map(
          (caller) => call(contract, caller),
        ),
      );
    // Then the allowed calls, deletions and sign-out last.
    const ordered = [...allContracts].sort((a, b) => lastOf(a) - lastOf(b));
    for (const contract of ordered)
      for (const caller of CALLER_KINDS)
        if (expectedFor(contract, caller).outcome === 'allowed') await call(contract, caller);
  });

  it('lists every API route in OpenAPI, and only the pages, files and health check are left out', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`,
        ),
      ),
    );
    const registered = t.app.routeTable.map((route) => `${route.method} ${route.url}`);
    // The rule: a route is the API's when it is below its root; nothing else is documented.
    const api = registered.filter((route) => route.split(' ')[1]!.startsWith(`${API_ROOT}/`));
    const others = registered.filter((route) => !api.includes(route));
    expect(api.filter((route) => !documented.has(route))).toEqual([]);
    // The document names no route that does not exist.
    expect([...documented].filter((route) => !registered.includes(route))).toEqual([]);
    // What is left out is outside the API root and on the entry-points page (the portal's pages
    // and files, the docs, the health check, the simulators' pages), or the CORS preflight.
    const listed = otherRoutes.flatMap((entry) => entry.routes);
    const onEntrypointsPage = (route: string) =>
      listed.some((entry) =>
        entry.endsWith('/**') ? route.startsWith(entry.slice(0, -2)) : route === entry,
      );
    const undocumented = others.filter((route) => !documented.has(route));
    expect(
      undocumented.filter((route) => !onEntrypointsPage(route) && !route.startsWith('OPTIONS ')),
    ).toEqual([]);
    expect(undocumented).toContain('GET /healthz');
    expect(api.length).toBe(allContracts.length);
    expect(new Set(allContracts.map((c) => `${c.method} ${routeUrl(c)}`))).toEqual(new Set(api));
  });

  it('calls every route with inputs its schemas accept', () => {
    const unsampled = [...requests.values()]
      .filter((request) => request.unsampled.length > 0)
      .map((request) => `${request.contract.id}: ${request.unsampled.join(', ')}`);
    expect(unsampled).toEqual([]);
  });

  it('answers every cell as the contract says: 0 unexpected 2xx, refusals with their status', () => {
    expect(cells.length).toBe(allContracts.length * CALLER_KINDS.length);
    const wrong = cells
      .filter((cell) => !agrees(cell))
      .map(
        (cell) =>
          `${cell.route} as ${cell.caller}: expected ${JSON.stringify(cell.expected)}, got ${cell.status} ${cell.code ?? ''}`,
      );
    expect(wrong).toEqual([]);
    const allowed = cells.filter((cell) => cell.expected.outcome === 'allowed');
    console.info(
      `${cells.length} cells on ${allContracts.length} routes: ${cells.length - allowed.length} refused as the contract says; ${allowed.length} allowed past the access rules, of which ${allowed.filter((c) => c.status < 400).length} answered 2xx/3xx and ${allowed.filter((c) => c.status >= 400).length} a refusal of the area's own (validation, state, not found)`,
    );
    const refusedWith2xx = cells.filter(
      (cell) => cell.expected.outcome !== 'allowed' && cell.status < 300,
    );
    expect(refusedWith2xx).toEqual([]);
  });
});
