import { beforeAll, describe, expect, it } from 'vitest';
import {
  AREA_OFFERS,
  apiErrorSchema,
  areaContracts,
  offersArea,
  partnerConfigSchema,
  pathParams,
  routeName,
  type ContractDef,
  type GatedArea,
} from '@tern/domain';
import { demoPartners } from '../../seed/demo-world.ts';
import { useTestApp } from '../../../test/app.ts';
import { signIn, unknownUserId, type SignedIn } from '../../../test/sign-in.ts';
import { urlOf } from '../../../test/urls.ts';

const gatedAreas = Object.keys(AREA_OFFERS) as GatedArea[];
const walletRoute = routeName(areaContracts.resolutions.walletPass);
/** The one route two areas share: the items purchase insures flights (travel) or businesses (claims). */
const purchase = areaContracts.travel.itemsTransaction;

/**
 * Each area only some partners offer exists, in the API, for exactly the partners the domain's
 * `offersArea` names, the same rule the portal builds its pages, navigation and cards from.
 */
describe('area gates', () => {
  const t = useTestApp();
  const customers: Record<string, SignedIn> = {};
  beforeAll(async () => {
    for (const partner of demoPartners) customers[partner.id] = await signIn(t, partner.id);
  });

  // Every route of the area, called as the partner's customer with whatever the path needs.
  const callEach = async (area: GatedArea, who: SignedIn) => {
    const answers: { route: string; status: number; code: string | undefined }[] = [];
    for (const contract of Object.values(areaContracts[area]) as ContractDef[]) {
      const params = Object.fromEntries(pathParams(contract.path).map((p) => [p, unknownUserId]));
      const res = await t.app.inject({
        method: contract.method,
        url: urlOf(contract, params),
        headers: who.headers,
      });
      const body = res.headers['content-type']?.includes('json') ? res.json() : undefined;
      answers.push({
        route: routeName(contract),
        status: res.statusCode,
        code: apiErrorSchema.safeParse(body).data?.code,
      });
    }
    return answers;
  };

  it('offers the demo partners what their configurations sell', () => {
    const offered = Object.fromEntries(
      demoPartners.map((p) => [
        p.id,
        gatedAreas.filter((area) => offersArea(partnerConfigSchema.parse(p.config), area)),
      ]),
    );
    expect(offered).toEqual({
      travel: ['travel', 'resolutions', 'luggage', 'payouts'],
      business: ['claims', 'payouts'],
      identity: ['monitoring'],
    });
  });

  it.each(demoPartners.map((p) => [p.name, p] as const))(
    "answers %s's customer 404 ROUTE_NOT_FOUND on every route of an area it does not offer, and reaches the others",
    async (_name, partner) => {
      const config = partnerConfigSchema.parse(partner.config);
      for (const area of gatedAreas) {
        const answers = await callEach(area, customers[partner.id]!);
        if (offersArea(config, area))
          expect(
            // The wallet file is not offered where no signing certificate is configured (here).
            answers.filter((a) => a.code === 'ROUTE_NOT_FOUND' && a.route !== walletRoute),
          ).toEqual([]);
        else
          expect(
            answers.filter(
              (a) =>
                (a.status !== 404 || a.code !== 'ROUTE_NOT_FOUND') &&
                !(a.route === routeName(purchase) && offersArea(config, 'claims')),
            ),
          ).toEqual([]);
      }
    },
  );

  it('lets the items purchase reach travel and parametric partners, and no other', async () => {
    const buy = (partnerId: string) =>
      t.app.inject({
        method: purchase.method,
        url: urlOf(purchase),
        headers: customers[partnerId]!.headers,
        payload: {},
      });
    // Reached: the body is then checked (400), not a route the API lacks.
    expect((await buy('business')).json()).toMatchObject({ code: 'INVALID_PARAMS' });
    expect((await buy('travel')).json()).toMatchObject({ code: 'INVALID_PARAMS' });
    expect((await buy('identity')).json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it("answers Harbour Mutual's key 404 on My insurances' trips, and Skyward Air's its trips", async () => {
    const trips = areaContracts.travel.trips;
    const harbour = customers.business!;
    const refused = await t.app.inject({
      url: urlOf(trips, {}, { userId: harbour.userId }),
      headers: harbour.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    const skyward = customers.travel!;
    const answered = await t.app.inject({
      url: urlOf(trips, {}, { userId: skyward.userId }),
      headers: skyward.headers,
    });
    expect(answered.statusCode).toBe(200);
  });
});
