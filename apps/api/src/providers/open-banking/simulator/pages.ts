import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TranslationLanguage } from '@tern/domain';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { randomToken } from '../../../lib/secrets.ts';
import type { SimulatedConsentRow } from '../tables.ts';
import { accountsOf, isSimulatedBank, SIMULATED_BANKS, type SimulatedBank } from './banks.ts';
import {
  chooserPage,
  consentPage,
  PAGE_STYLE_HASH,
  problemPage,
  type PageProblem,
} from './page-html.ts';
import { codeHashOf, consentStore, type ConsentStore } from './store.ts';
import { languageOfRequest } from './texts.ts';

/** The bank's consent page: `authorizeUrl` sends the customer here with `?journey=`. */
export const CONSENT_PAGE_PATH = '/sim/open-banking/authorize';

/** How long the one-time code the page hands back works (OAuth's advice: 10 minutes at most). */
const CODE_TTL_MS = 10 * 60 * 1000;

/** How long the browser keeps the form's cookie: longer than anyone reads the page. */
const FORM_COOKIE_SECONDS = 60 * 60;

export interface OpenBankingPagesDeps {
  db: Db;
  clock: Clock;
}

/** The cookie that carries a journey's form token in the browser that opened its page. */
const cookieName = (journeyId: string) => `sim_bank_${journeyId.replace(/-/g, '')}`;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

const sameSecret = (a: string | undefined, b: string): boolean =>
  a !== undefined &&
  a.length === b.length &&
  // Constant time: how much of a guess matched must not show in how long it took.
  timingSafeEqual(Buffer.from(a), Buffer.from(b));

const pageQuery = z.object({
  journey: z.string().max(100),
  bank: z.string().max(40).optional(),
});

/** The form, as `application/x-www-form-urlencoded` gives it (a repeated name: a list). */
const answerForm = z.object({
  journey: z.string().max(100),
  token: z.string().max(100),
  decision: z.enum(['allow', 'cancel']),
  bank: z.string().max(40).optional(),
  account: z
    .union([z.string().max(100), z.array(z.string().max(100)).max(10)])
    .optional()
    .transform((value) => (value === undefined ? [] : [value].flat())),
});

/**
 * The simulated bank's pages, served by the API (the claims area registers them): the bank
 * chooser and the consent screen at `CONSENT_PAGE_PATH`, which send the customer back to
 * the journey's return address with a one-time code, or with `error=access_denied`.
 *
 * The form is bound to the browser that opened the page: its token is in the form and in an
 * HttpOnly, SameSite cookie, and an answer needs both. Each page forbids everything but its
 * own style sheet, and may post its form only to the bank or the return address's origin
 * (where the answer redirects).
 */
export function openBankingPages(app: FastifyInstance, deps: OpenBankingPagesDeps): void {
  const store = consentStore(deps.db);
  const { clock } = deps;

  // In a child scope: the form parser is the bank's, not the API's.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => {
        const fields: Record<string, string | string[]> = {};
        for (const [name, value] of new URLSearchParams(body.toString())) {
          const before = fields[name];
          fields[name] = before === undefined ? value : [before, value].flat();
        }
        done(null, fields);
      },
    );

    // The journey id opens its page: the log keeps it out of every address it writes.
    const config = { credentialParams: ['journey'] };

    // The simulated bank's page, not the API: out of its OpenAPI document.
    const schema = { hide: true };

    scope.get(CONSENT_PAGE_PATH, { config, schema }, async (request, reply) => {
      const language = languageOfRequest(request.headers['accept-language']);
      const query = pageQuery.safeParse(request.query);
      const row = query.success ? await store.journey(query.data.journey) : undefined;
      if (!row) return problem(reply, language, 'notFound');
      if (row.status !== 'pending') return problem(reply, language, 'ended');
      void reply.header(
        'set-cookie',
        `${cookieName(row.journeyId)}=${row.formToken}; Path=${CONSENT_PAGE_PATH}; Max-Age=${FORM_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`,
      );
      const bank = query.data!.bank;
      if (bank === undefined) return page(reply, row, chooserPage(formOf(row, language), false));
      if (!isSimulatedBank(bank))
        return page(reply, row, chooserPage(formOf(row, language), true), 400);
      return page(reply, row, consentView(row, language, bank, [], false));
    });

    scope.post(CONSENT_PAGE_PATH, { config, schema }, async (request, reply) => {
      const language = languageOfRequest(request.headers['accept-language']);
      const form = answerForm.safeParse(request.body);
      if (!form.success) return problem(reply, language, 'expired', 400);
      const answer = form.data;
      const row = await store.journey(answer.journey);
      if (!row) return problem(reply, language, 'notFound');
      if (row.status !== 'pending') return problem(reply, language, 'ended');
      const cookie = cookieOf(request, cookieName(row.journeyId));
      if (!sameSecret(answer.token, row.formToken) || !sameSecret(cookie, row.formToken))
        return problem(reply, language, 'expired', 403);

      if (answer.decision === 'cancel') {
        const refused = await store.refuse(row.journeyId, clock.now());
        if (!refused) return problem(reply, language, 'ended');
        return back(reply, row, { error: 'access_denied' });
      }
      if (!isSimulatedBank(answer.bank))
        return page(reply, row, chooserPage(formOf(row, language), true), 400);
      const held = accountsOf(row.customerRef, answer.bank);
      const chosen = held.filter((account) => answer.account.includes(account.accountId));
      // Every id ticked must be one of the customer's: anything else is a forged form.
      if (chosen.length === 0 || chosen.length !== new Set(answer.account).size)
        return page(reply, row, consentView(row, language, answer.bank, answer.account, true), 422);
      return allow({ store, clock, reply, language }, row, answer.bank, chosen);
    });
  });
}

/** The customer allowed: a one-time code (256 random bits), kept only as its hash. */
async function allow(
  {
    store,
    clock,
    reply,
    language,
  }: {
    store: ConsentStore;
    clock: Clock;
    reply: FastifyReply;
    language: TranslationLanguage;
  },
  row: SimulatedConsentRow,
  bank: SimulatedBank,
  accounts: ReturnType<typeof accountsOf>,
) {
  const code = randomToken(32);
  const now = clock.now();
  const authorised = await store.authorise(
    row.journeyId,
    {
      bankName: SIMULATED_BANKS[bank].name,
      accounts,
      codeHash: codeHashOf(row.journeyId, code),
      codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
    },
    now,
  );
  if (!authorised) return problem(reply, language, 'ended');
  return back(reply, row, { code });
}

/** What every page's form carries. */
const formOf = (row: SimulatedConsentRow, language: TranslationLanguage) => ({
  language,
  action: CONSENT_PAGE_PATH,
  journeyId: row.journeyId,
  token: row.formToken,
  host: new URL(row.redirectUri).host,
});

const consentView = (
  row: SimulatedConsentRow,
  language: TranslationLanguage,
  bank: SimulatedBank,
  ticked: string[],
  problem: boolean,
) =>
  consentPage(
    { ...formOf(row, language), bank, accounts: accountsOf(row.customerRef, bank), ticked },
    problem,
  );

/**
 * A page's policy: its style sheet only, no script, image or frame; forms post to the bank
 * and to the origin of the return address (browsers check a form's redirect against it).
 */
const policy = (formTo: string) =>
  `default-src 'none'; style-src ${PAGE_STYLE_HASH}; form-action ${formTo}; frame-ancestors 'none'; base-uri 'none'`;

function page(reply: FastifyReply, row: SimulatedConsentRow, html: string, status = 200) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', policy(`'self' ${new URL(row.redirectUri).origin}`))
    .send(html);
}

function problem(
  reply: FastifyReply,
  language: TranslationLanguage,
  kind: PageProblem,
  status = kind === 'notFound' ? 404 : 410,
) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', policy(`'none'`))
    .send(problemPage(language, kind));
}

/** Back to the journey's return address with Tern's consent, its state and the answer. */
function back(reply: FastifyReply, row: SimulatedConsentRow, answer: Record<string, string>) {
  const to = new URL(row.redirectUri);
  to.searchParams.set('consent', row.consentRef);
  for (const [name, value] of Object.entries(answer)) to.searchParams.set(name, value);
  to.searchParams.set('state', row.state);
  return reply.header('cache-control', 'no-store').redirect(to.toString(), 303);
}
