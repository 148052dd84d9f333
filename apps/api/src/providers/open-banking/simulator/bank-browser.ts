import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CONSENT_PAGE_PATH } from './pages.ts';

/**
 * A customer's browser at the simulated bank, for tests: it keeps the bank's cookies, reads
 * the forms off the pages' HTML and sends them as a browser would (through `app.inject`).
 */
export function bankBrowser(app: FastifyInstance, options: { language?: string } = {}) {
  const cookies = new Map<string, string>();
  const headers = () => ({
    ...(cookies.size > 0
      ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
      : {}),
    ...(options.language ? { 'accept-language': options.language } : {}),
  });
  const keep = (response: LightMyRequestResponse) => {
    for (const line of [response.headers['set-cookie'] ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  /** The path and query of an absolute address (the bank is this app). */
  const local = (address: string) => {
    const url = new URL(address, 'http://bank.invalid');
    return `${url.pathname}${url.search}`;
  };

  const browser = {
    cookies,
    open: async (address: string) =>
      keep(await app.inject({ method: 'GET', url: local(address), headers: headers() })),
    /** Posts the consent form with `fields` (a name given twice is sent twice). */
    post: async (fields: [string, string][]) =>
      keep(
        await app.inject({
          method: 'POST',
          url: CONSENT_PAGE_PATH,
          headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        }),
      ),

    /**
     * Opens the page `authorizeUrl` gave, chooses `bank`, then ticks `accounts` (by default
     * the first one) and allows, or cancels; answers where the bank sent the browser.
     */
    async answer(
      authorizeUrl: string,
      decision: 'allow' | 'cancel',
      choice: { bank?: string; accounts?: (ids: string[]) => string[] } = {},
    ): Promise<URL> {
      const chooser = await browser.open(authorizeUrl);
      if (chooser.statusCode !== 200)
        throw new Error(`The bank's page answered ${chooser.statusCode}`);
      const journey = hiddenField(chooser.body, 'journey');
      const page = await browser.open(
        `${CONSENT_PAGE_PATH}?journey=${journey}&bank=${choice.bank ?? 'lanyard'}`,
      );
      const ids = accountIds(page.body);
      const ticked = (choice.accounts ?? ((all) => all.slice(0, 1)))(ids);
      const answered = await browser.post([
        ['journey', journey],
        ['token', hiddenField(page.body, 'token')],
        ['bank', hiddenField(page.body, 'bank')],
        ...ticked.map((id): [string, string] => ['account', id]),
        ['decision', decision],
      ]);
      if (answered.statusCode !== 303)
        throw new Error(`The bank answered ${answered.statusCode}: ${answered.body.slice(0, 200)}`);
      return new URL(answered.headers.location!);
    },
  };
  return browser;
}

/** A hidden field's value in a page (the bank writes ids and tokens, which need no unescaping). */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html);
  if (!match) throw new Error(`No hidden field ${name} in the page`);
  return match[1]!;
}

/** The ids of the accounts the consent page offers, in its order. */
export const accountIds = (html: string): string[] =>
  [...html.matchAll(/name="account" value="([^"]+)"/g)].map((match) => match[1]!);
