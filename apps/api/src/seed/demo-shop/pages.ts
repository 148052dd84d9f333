import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, widgetPanelSchema } from '@tern/domain';
import { TOKEN_MAX_LIFETIME_S, mintPartnerToken } from '@tern/partner-client';
import { reservedHost } from '../../plugins/reserved-host.ts';
import {
  DEMO_SHOP_HOST,
  DEMO_STRANGER_HOST,
  demoEmail,
  demoOrigin,
  demoPartners,
  demoShopOrigin,
  demoUsers,
  type DemoPartner,
} from '../demo-world.ts';
import { HOST_SCRIPT } from './host-script.ts';
import { indexPage, shopPage, strangerPage, type ShopPage } from './page-html.ts';

const HOST_SCRIPT_PATH = '/host.js';
const tokenQuery = z.object({
  /** A demo customer of the partner (its main demo user by default). */
  user: z.string().optional(),
  /** The panels the token opens, comma-separated (all by default). */
  panels: z
    .string()
    .transform((list) => list.split(','))
    .pipe(z.array(widgetPanelSchema).min(1))
    .optional(),
});

function partnerOf(params: unknown): DemoPartner {
  const { partnerId } = params as { partnerId: string };
  const partner = demoPartners.find((p) => p.id === partnerId);
  if (!partner)
    throw new AppError('PARTNER_NOT_FOUND', { message: `No demo partner ${partnerId}` });
  return partner;
}

const send = (reply: FastifyReply, page: ShopPage) =>
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', page.policy)
    .send(page.html);

/**
 * The demo partners' own shop (issue 30), outside production only, on `shop.localhost` on
 * Tern's port: `GET /` lists the partners, `GET /{partner}` embeds each of the partner's
 * panels with Tern's embed script, and `POST /{partner}/token` plays the partner's back end,
 * minting a widget token for one of its demo customers (`?user=`, `?panels=a,b`) with its
 * demo server secret, for the shop's origin. A stranger's page on `stranger.localhost`
 * (`GET /{partner}`) frames a panel and the portal from an origin no partner lists, to see
 * the browser refuse them. Each host serves nothing else of this server.
 */
export function demoShopPages(app: FastifyInstance, { port }: { port: number }): void {
  const shopOrigin = demoShopOrigin(port);
  const shop = reservedHost(app, `${DEMO_SHOP_HOST}:${port}`, 'the demo shop');
  const stranger = reservedHost(app, `${DEMO_STRANGER_HOST}:${port}`, "the stranger's page");
  const listed = demoPartners.map((p) => ({ id: p.id, name: p.name }));

  /** The partner's back end: a widget token for its customer, for the shop's origin. */
  const mint = (partner: DemoPartner, email: string, panels?: readonly string[]) => {
    const user = demoUsers.find(
      (u) =>
        u.partnerId === partner.id &&
        u.emailAddress === email &&
        u.roles.length === 1 &&
        u.roles[0] === 'USER',
    );
    if (!user) throw new AppError('USER_NOT_FOUND', { message: `No demo customer ${email}` });
    return mintPartnerToken({
      partnerId: partner.id,
      secret: partner.serverSecret,
      kid: `${partner.id}-demo`,
      audience: shopOrigin,
      // The partner's own id for its customer: one per demo account, the same every time.
      customer: `shop-${user.emailAddress}`,
      email: user.emailAddress,
      first: user.firstName,
      last: user.surname,
      panels,
      ttlSeconds: TOKEN_MAX_LIFETIME_S,
      now: app.platform.clock.now(),
    });
  };

  const hidden = { schema: { hide: true } };
  app.get(shop.own('/'), { ...hidden, constraints: shop.constraints }, (_request, reply) =>
    send(
      reply,
      indexPage(
        'Demo shop',
        "Each demo partner's own shop, with Tern's widget panels embedded.",
        listed,
      ),
    ),
  );
  app.get(
    shop.own(HOST_SCRIPT_PATH),
    { ...hidden, constraints: shop.constraints },
    (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(HOST_SCRIPT),
  );
  app.get(
    shop.own('/:partnerId'),
    { ...hidden, constraints: shop.constraints },
    (request, reply) => {
      const partner = partnerOf(request.params);
      const { user } = request.query as { user?: unknown };
      return send(
        reply,
        shopPage({
          partner,
          portal: demoOrigin(partner, port),
          script: HOST_SCRIPT_PATH,
          user: typeof user === 'string' ? user : demoEmail(partner.id),
        }),
      );
    },
  );
  app.post(
    shop.own('/:partnerId/token'),
    { ...hidden, constraints: shop.constraints },
    async (request, reply) => {
      const partner = partnerOf(request.params);
      const query = tokenQuery.safeParse(request.query);
      if (!query.success)
        throw new AppError('INVALID_PARAMS', {
          message: 'panels: a comma-separated list of panels',
          field: 'panels',
        });
      const token = await mint(
        partner,
        query.data.user ?? demoEmail(partner.id),
        query.data.panels,
      );
      // A credential for a few minutes: no cache keeps it.
      return reply.header('cache-control', 'no-store').send({ token });
    },
  );

  app.get(stranger.own('/'), { ...hidden, constraints: stranger.constraints }, (_request, reply) =>
    send(
      reply,
      indexPage(
        "A stranger's page",
        "Pages on an origin no partner lists, framing a partner's panels and portal.",
        listed,
      ),
    ),
  );
  app.get(
    stranger.own('/:partnerId'),
    { ...hidden, constraints: stranger.constraints },
    async (request, reply) => {
      const partner = partnerOf(request.params);
      return send(
        reply,
        strangerPage({
          partner,
          portal: demoOrigin(partner, port),
          token: await mint(partner, demoEmail(partner.id)),
        }),
      );
    },
  );
}
