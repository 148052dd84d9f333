import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
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
  type RuntimeConfig,
  type TextLanguage,
  type ThemeConfig,
  themeParamsSchema,
  TRANSLATION_FILES,
} from '@tern/domain';
import {
  PAGE_CONFIG_ELEMENTS,
  PAGE_CONFIG_MARK,
  PAGE_RENDERED_LANGUAGE,
  PAGE_ROOT,
  type PageRenderer,
  type RenderedPage,
} from '@tern/domain/partners/page-config';
import { escapeHtml } from '../lib/html.ts';
import { translations } from '../modules/content/service.ts';
import type { PartnersService } from '../modules/partners/service.ts';
import { brandImage, imageFileName } from './brand-images.ts';
import { registerEmbedScript } from './embed-script.ts';

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

/** The web app's server entry, or undefined (said in the log) when it is missing or broken. */
async function loadRenderer(
  file: string,
  log: FastifyBaseLogger,
): Promise<PageRenderer | undefined> {
  if (!existsSync(file)) {
    log.warn({ file }, 'web app server entry not built: pages go out unrendered');
    return undefined;
  }
  try {
    const entry = (await import(pathToFileURL(file).href)) as { pageRenderer?: PageRenderer };
    if (!entry.pageRenderer) throw new Error('the server entry exports no pageRenderer');
    return entry.pageRenderer;
  } catch (error) {
    log.error({ err: error, file }, 'web app server entry not loaded: pages go out unrendered');
    return undefined;
  }
}

/** Rendered pages kept, at most: a theme in its languages, for each partner and recent edit. */
const RENDERED_PAGES_KEPT = 64;

/**
 * The portal itself: the built web app, its runtime configuration (partner key and API root
 * resolved from the host the page was opened on) and the theme images. The landing page goes
 * out rendered by the web app's server entry (`serverEntry`), so a phone paints it before the
 * app's code has arrived; the app then hydrates it.
 */
export const webRoutes: FastifyPluginAsyncZod<{
  partners: PartnersService;
  webDist: string;
  serverEntry: string;
}> = async (app, { partners, webDist, serverEntry }) => {
  registerEmbedScript(app);
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

  const renderer = indexHtml.includes(PAGE_ROOT)
    ? await loadRenderer(serverEntry, app.log)
    : undefined;
  // A page is the same for every visitor of a partner's theme in a language: rendered once
  // (about 100 ms of CPU), kept while the theme's content is unchanged. A failure is kept too (the page
  // goes out unrendered) and logged once.
  const renderedPages = new Map<string, Promise<RenderedPage | undefined>>();
  let failureLogged = false;
  const renderedPage = (
    request: FastifyRequest,
    runtime: RuntimeConfig,
    theme: ThemeConfig,
  ): Promise<RenderedPage | undefined> => {
    if (!renderer) return Promise.resolve(undefined);
    let language: TextLanguage | undefined;
    try {
      language = renderer.pageLanguage(request.url, theme);
    } catch (error) {
      request.log.error({ err: error }, 'page language not chosen: page sent unrendered');
      return Promise.resolve(undefined);
    }
    if (!language) return Promise.resolve(undefined);
    // The runtime configuration goes into the render too (the app's services): a page is the
    // same for one partner's portal on one API root, in one theme and language.
    const key = [language, runtime.partnerId, runtime.apiRoot, themeElement(theme)].join('\n');
    let rendered = renderedPages.get(key);
    if (!rendered) {
      rendered = renderer
        .render({
          language,
          runtime,
          theme,
          translations: async (asked) => translations(TRANSLATION_FILES[asked]).value,
        })
        .catch((error: unknown) => {
          if (!failureLogged)
            request.log.error(
              { err: error },
              'page not rendered on the server: sent unrendered (logged once)',
            );
          failureLogged = true;
          return undefined;
        });
      if (renderedPages.size >= RENDERED_PAGES_KEPT)
        renderedPages.delete(renderedPages.keys().next().value!);
      renderedPages.set(key, rendered);
    }
    return rendered;
  };

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const runtime = await partners.runtimeConfig(request.hostname);
    const origin = `${request.protocol}://${request.host}`;
    const theme = await partners.themeConfig(runtime.theme);
    const rendered = await renderedPage(request, runtime, theme);
    const elements =
      jsonElement(PAGE_CONFIG_ELEMENTS.runtime, runtime) +
      themeElement(theme) +
      jsonElement(
        PAGE_CONFIG_ELEMENTS.client,
        clientRecordSchema.parse(await partners.clientRecord(origin)),
      ) +
      (rendered?.head ?? '');
    // Functions, so no `$&` in a value is read as a replacement pattern. The partner's icon
    // and name from the start: the browser fetches no other icon first.
    let html = indexHtml
      .replace(PAGE_CONFIG_MARK, () => elements)
      .replace(
        /<link rel="icon" href="[^"]*"/,
        () => `<link rel="icon" href="${escapeHtml(theme.branding.images.favicon)}"`,
      )
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(theme.branding.name)}</title>`);
    if (rendered)
      html = html
        .replace(/<html lang="[^"]*"/, () => `<html lang="${rendered.locale}"`)
        // The page paints without its scripts (they make it live): its fonts and picture,
        // preloaded, come first; the start-up script asks for the rest once it is painted
        // (apps/web/src/app/main.tsx), so nothing else is preloaded.
        .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(
          PAGE_ROOT,
          () =>
            `<div id="root" ${PAGE_RENDERED_LANGUAGE}="${rendered.language}">${rendered.body}</div>`,
        );
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
