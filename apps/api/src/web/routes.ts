import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  baselineBranding,
  clientRecordSchema,
  credentialPages,
  fillPath,
  pathParams,
  runtimeConfigSchema,
  themeConfigSchema,
  themeImageNames,
  type ThemeConfig,
  themeParamsSchema,
} from '@tern/domain';
import { PAGE_CONFIG_ELEMENTS, PAGE_CONFIG_MARK } from '@tern/domain/partners/page-config';
import type { PartnersService } from '../modules/partners/service.ts';
import { brandImage, imageFileName } from './brand-images.ts';

/** JSON placed in a `<script type="application/json">`: `<` escaped so no value can close the tag. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const jsonElement = (id: string, value: unknown) =>
  `<script id="${id}" type="application/json">${jsonForHtml(value)}</script>`;

const baselineImages = new Map(
  themeImageNames.map((name) => [
    imageFileName(name),
    brandImage(name, baselineBranding.palette, baselineBranding.name),
  ]),
);

/**
 * The portal itself: the built web app, its runtime configuration (partner key and API root
 * resolved from the host the page was opened on) and the theme images.
 */
export const webRoutes: FastifyPluginAsyncZod<{
  partners: PartnersService;
  webDist: string;
}> = async (app, { partners, webDist }) => {
  app.get(
    '/runtime-config.json',
    {
      schema: {
        tags: ['web'],
        summary: 'Runtime configuration of the portal on this host',
        response: { 200: runtimeConfigSchema },
      },
    },
    (request) => partners.runtimeConfig(request.hostname),
  );

  const fileParams = z.object({ file: z.string().regex(/^[a-z0-9-]+\.svg$/) });
  app.get(
    '/assets/baseline/:file',
    { schema: { hide: true, params: fileParams } },
    async (request, reply) => {
      const image = baselineImages.get(request.params.file);
      if (!image) throw new AppError('ROUTE_NOT_FOUND', { message: 'No such baseline image' });
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(image);
    },
  );

  app.get(
    '/assets/themes/:theme/:file',
    { schema: { hide: true, params: themeParamsSchema.extend(fileParams.shape) } },
    async (request, reply) => {
      const asset = await partners.asset(request.params.theme, request.params.file);
      if (!asset) throw new AppError('THEME_NOT_FOUND', { message: 'No such theme image' });
      return reply
        .type(asset.contentType)
        .header('cache-control', 'public, max-age=3600')
        .send(asset.body);
    },
  );

  const indexPath = join(webDist, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ webDist }, 'web app not built: serving the API only (run `npm run build`)');
    return;
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  // The theme and the client record of the page's origin ride with the page (what their
  // routes answer, only the schemas' fields): the portal paints, and checks its origin,
  // without asking for them first. The theme's element is made once per config object,
  // which the service keeps for 30 s.
  const themeElements = new WeakMap<ThemeConfig, string>();
  const themeElement = (theme: ThemeConfig) => {
    let element = themeElements.get(theme);
    if (!element) {
      element = jsonElement(PAGE_CONFIG_ELEMENTS.theme, themeConfigSchema.parse(theme));
      themeElements.set(theme, element);
    }
    return element;
  };

  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    // The build writes each text file also as .br and .gz (apps/web/vite.config.ts): the one
    // the browser accepts is sent as it is, with Vary: Accept-Encoding, nothing compressed
    // per request.
    preCompressed: true,
    setHeaders: (res, path) => {
      // Vite names built files by content hash, so they never change under one name.
      if (path.includes('/assets/'))
        res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const runtime = await partners.runtimeConfig(request.hostname);
    const origin = `${request.protocol}://${request.host}`;
    const elements =
      jsonElement(PAGE_CONFIG_ELEMENTS.runtime, runtime) +
      themeElement(await partners.themeConfig(runtime.theme)) +
      jsonElement(
        PAGE_CONFIG_ELEMENTS.client,
        clientRecordSchema.parse(await partners.clientRecord(origin)),
      );
    // A function, so no `$&` in a value is read as a replacement pattern.
    const html = indexHtml.replace(PAGE_CONFIG_MARK, () => elements);
    // The page carries the runtime configuration (with the partner's key): never stored.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  };

  // A page whose path carries a credential (an invitation's link id) has its own route, which
  // says so: the log shows the credential redacted.
  for (const path of credentialPages)
    app.get(
      fillPath(path, (name) => `:${name}`),
      { schema: { hide: true }, config: { credentialParams: pathParams(path) } },
      page,
    );

  // Every other GET is a page of the single-page app, except API paths, which answer 404.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/')) {
      throw new AppError('ROUTE_NOT_FOUND', {
        message: `No route GET ${request.url.split('?')[0]}`,
      });
    }
    return page(request, reply);
  });
};
