import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, type TranslationLanguage } from '@tern/domain';
import { reservedHost } from '../../../plugins/reserved-host.ts';
import { frameBundle } from './frame-bundle.ts';
import { CARD_FRAME_PATH, simulatedCardVault, type CardVaultDeps } from './index.ts';
import { expiredPage, framePage, type RenderedPage } from './page-html.ts';
import { frameTexts, isFrameLanguage } from './texts.ts';

/** The frame's script, at an address of its own (the page's script-src is 'self'). */
const FRAME_SCRIPT_PATH = `${CARD_FRAME_PATH}/frame.js`;
const FRAME_PAGE_PATH = `${CARD_FRAME_PATH}/:token`;
const TOKENISE_PATH = `${CARD_FRAME_PATH}/:token/cards`;

/** The page's language: `?lang=` when the vault has texts in it, else English. */
const languageOf = (query: unknown): TranslationLanguage => {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  return isFrameLanguage(lang) ? lang : 'en';
};

const tokenOf = (params: unknown): string => (params as { token: string }).token;

function sendPage(reply: FastifyReply, page: RenderedPage, status: number) {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      // Each page is one frame's, with its address's token in it.
      .header('cache-control', 'no-store')
      .header('content-security-policy', page.policy)
      // Helmet's SAMEORIGIN (every page of the app gets it) would forbid the portal to frame
      // the page; its policy's frame-ancestors says who may, exactly.
      .removeHeader('x-frame-options')
      .send(page.html)
  );
}

/**
 * The card vault's routes, served only on the vault's own host (`deps.origin`): the frame's
 * page (`GET /card-frame/{token}?lang=`), its script, and where its script sends the number
 * (`POST /card-frame/{token}/cards`). On that host nothing else of this server answers: a
 * page of the portal on the vault's origin could reach into the frame.
 *
 * The monitoring area registers them with the platform's pieces and `cardVault.origin`.
 */
export function cardVaultPages(app: FastifyInstance, deps: CardVaultDeps): void {
  const vault = simulatedCardVault(deps);
  // Every other answer of this server, the portal's pages and files first, is refused on the
  // vault's host: whatever runs on the vault's origin could reach into its frames.
  const host = reservedHost(app, new URL(deps.origin).host, 'the card vault');
  const { constraints } = host;
  // The frame's token opens its page and tokenises: the log never shows it.
  const credential = { credentialParams: ['token'] };

  void app.register(async (scope) => {
    scope.get(
      host.own(FRAME_SCRIPT_PATH),
      { constraints, schema: { hide: true } },
      async (request, reply) => {
        const bundle = await frameBundle();
        const version = (request.query as { v?: unknown } | undefined)?.v;
        return reply
          .type('text/javascript; charset=utf-8')
          .header(
            'cache-control',
            // The page names the version it was written with: that address never changes.
            version === bundle.version ? 'public, max-age=31536000, immutable' : 'no-cache',
          )
          .send(bundle.code);
      },
    );

    scope.get(
      host.own(FRAME_PAGE_PATH),
      { constraints, schema: { hide: true }, config: credential },
      async (request, reply) => {
        const language = languageOf(request.query);
        const texts = frameTexts(language);
        const token = tokenOf(request.params);
        const opened = await vault.openFrame(token);
        if (!opened?.live)
          return sendPage(
            reply,
            expiredPage({ language, texts, origin: opened?.frame.origin }),
            404,
          );
        const bundle = await frameBundle();
        const page = framePage({
          language,
          texts,
          origin: opened.frame.origin,
          css: opened.frame.css,
          action: `${CARD_FRAME_PATH}/${token}/cards`,
          script: `${FRAME_SCRIPT_PATH}?v=${bundle.version}`,
        });
        return sendPage(reply, page, 200);
      },
    );

    scope.post(
      host.own(TOKENISE_PATH),
      // A number and its name: a kilobyte is plenty.
      { constraints, schema: { hide: true }, config: credential, bodyLimit: 1024 },
      async (request, reply) => {
        // Only the frame's own script sends numbers: browsers name the origin of every POST.
        if (request.headers.origin !== deps.origin)
          throw new AppError('CARD_FRAME_INVALID', {
            message: 'Card numbers are taken from the card-entry frame only',
          });
        const number = (request.body as { number?: unknown } | undefined)?.number;
        const outcome = await vault.tokenise(tokenOf(request.params), number);
        if ('problem' in outcome)
          // The message names the rule, never the number.
          throw new AppError('VALIDATION_FAILED', {
            message: 'The card number is not valid',
            field: 'number',
            details: [{ field: 'number', message: outcome.problem }],
          });
        if ('refused' in outcome)
          throw outcome.refused === 'full'
            ? new AppError('RATE_LIMITED', { message: 'This frame has tokenised its share' })
            : new AppError('CARD_FRAME_INVALID', { message: 'The card-entry frame has expired' });
        // A token is a credential for a few minutes: no cache keeps it.
        return reply.code(201).header('cache-control', 'no-store').send(outcome);
      },
    );
  });
}
