import type { FastifyInstance } from 'fastify';
import { WIDGET_TOKEN_PARAM, isWidgetPath } from '@tern/domain';
import type { WidgetService } from './service.ts';

/**
 * The frame policy of the widget's pages (`/widgets/…`, which the web routes serve as every
 * other page): `frame-ancestors` from the partner's embedding origins — the one the address's
 * token was minted for while it is good — and none of the portal's refusal to be framed
 * (`app.framedPage`). The partner is the one whose portal the host serves. Every other page
 * keeps the portal's headers: nobody frames it.
 */
export function widgetFramePolicy(app: FastifyInstance, widget: WidgetService): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!isWidgetPath(request.url)) return;
    const partner = await app.partners.partnerForHost(request.host);
    const token = (request.query as Record<string, unknown> | undefined)?.[WIDGET_TOKEN_PARAM];
    app.framedPage(
      reply,
      await widget.frameAncestors(partner, typeof token === 'string' ? token : undefined),
    );
  });
}
