import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import seedrandom from 'seedrandom';
import {
  API_ROOT,
  accountsContracts,
  contentContracts,
  pathFor,
  policiesContracts,
  type ContractDef,
} from '@tern/domain';
import { DEMO_PASSWORD, demoPartners } from '../../api/src/seed/demo-world.ts';
import { E2E_DATA_DIR, E2E_ENCRYPTION_KEY } from './server-env.ts';
import { textsOf } from './texts.ts';
import type { KnownSecret } from '../../api/test/leaks.ts';

/**
 * What the journeys share: the portal and API addresses of the one journey server, people
 * registered through the API, the simulated outbox, and the sign-in steps a person takes.
 */
export const password = 'Journey-2026!';
export const demoPassword = DEMO_PASSWORD;
/** The password the account journey changes to. */
export const renewedPassword = 'Renewed-2027!';

export const texts = { en: textsOf('en'), es: textsOf('es'), fr: textsOf('fr') };
export const locale = texts.en;
export type Texts = typeof locale;
/** A text as a person reads it: its `{{values}}` filled, the `<tags>` around a link dropped. */
export const fill = (template: string, values: Record<string, string>) =>
  template
    .replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')
    .replace(/<\/?\w+>/g, '');

export const apiKeys = Object.fromEntries(
  demoPartners.map((partner) => [partner.id, partner.apiKey]),
);

export const port = Number(process.env.E2E_PORT ?? 3100);

export const urlOf = (partnerId: string, path = '/') =>
  `http://${partnerId}.localhost:${port}${path}`;
/** A departure date `days` from today (UTC), as the date input takes it. */
export const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/**
 * The run's seed of the journeys' random days (`E2E_SEED`, else made and printed by
 * playwright.config.ts): a failing journey replays with the same days by
 * `E2E_SEED=<seed> npx playwright test -g "<its title>"`.
 */
const seed = process.env.E2E_SEED ?? 'unseeded';
const randomOfTest = new Map<string, () => number>();
/**
 * This journey's own random stream: from the seed and its title, whatever runs beside it. A
 * retry draws other days (the first attempt's trips are still in the database).
 */
function random(): number {
  const { titlePath, retry } = test.info();
  const key = `${titlePath.join(' › ')}${retry ? ` (retry ${retry})` : ''}`;
  let next = randomOfTest.get(key);
  if (!next) {
    next = seedrandom(`${seed} ${key}`);
    randomOfTest.set(key, next);
  }
  return next();
}

/**
 * A random day ahead, within the 330 days flights are covered: `from` and `span` keep one
 * journey's window apart from another's on the same flight, run after run. The day is noted
 * on the journey (its `day` annotation in the run's JSON report under test-results/).
 */
export const someDay = (from = 20, span = 275) => {
  const day = from + Math.floor(random() * span);
  test.info().annotations.push({ type: 'day', description: `${day} (E2E_SEED=${seed})` });
  return day;
};

export const uniqueEmail = (label: string) =>
  `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export type Person = { firstName: string; surname: string; email: string };

/** Registers a user through the API (journeys that are not about registering); answers the id. */
export async function registerByApi(
  request: APIRequestContext,
  partnerId: string,
  policyNumber: string,
  person: Person,
  { acceptTerms = true } = {},
) {
  const response = await request.post(
    `http://localhost:${port}${API_ROOT}${pathFor(accountsContracts.register, { partnerId })}`,
    {
      headers: { 'api-key': apiKeys[partnerId]! },
      data: {
        firstName: person.firstName,
        surname: person.surname,
        emailAddress: person.email,
        mobilePhoneNumber: '+14165550123',
        policyNumber,
        password,
        locale: 'en-CA',
        commsSms: true,
      },
    },
  );
  expect(response.status(), await response.text()).toBe(201);
  const { userId, token } = (await response.json()) as { userId: string; token: string };
  if (!acceptTerms) return userId;
  // A customer who has used the portal before: the partner's current terms are accepted.
  const headers = { 'api-key': apiKeys[partnerId]!, authorization: `Bearer ${token}` };
  const api = (path: string) => `http://localhost:${port}${API_ROOT}${path}`;
  const terms = await request.get(
    api(pathFor(contentContracts.document, { id: 'terms', lang: 'en' })),
    { headers },
  );
  const { version } = (await terms.json()) as { version: string };
  const accepted = await request.patch(api(pathFor(accountsContracts.update, { id: userId })), {
    headers,
    data: { terms: 'ACCEPTED', termsVersion: version },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return userId;
}

type OutboxMessage = { to: string; template: string; text: string; createdAt: string };

/** The newest message of `template` sent to `to`, waiting for it to arrive. */
export async function latestMessage(request: APIRequestContext, to: string, template: string) {
  let found: OutboxMessage | undefined;
  await expect(async () => {
    const response = await request.get(
      `http://localhost:${port}/dev/outbox.json?to=${encodeURIComponent(to)}`,
    );
    const messages = (await response.json()) as OutboxMessage[];
    found = messages.find((message) => message.template === template);
    expect(found).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return found!;
}

export async function signInWithPassword(
  page: Page,
  email: string,
  secret: string,
  l: Texts = locale,
) {
  const card = page.getByRole('region', { name: l.accounts.sign_in.title });
  await card.getByRole('textbox', { name: l.accounts.sign_in.email }).fill(email);
  await card.getByLabel(l.accounts.sign_in.password, { exact: false }).fill(secret);
  await card.getByRole('button', { name: l.accounts.sign_in.submit }).click();
}

export const greeting = (page: Page, firstName: string, l: Texts = locale) =>
  page.getByRole('heading', { level: 1, name: fill(l.dashboard.greeting, { name: firstName }) });

export async function openUserMenu(page: Page, fullName: string) {
  await page.getByRole('button', { name: fullName }).click();
}

export async function logOut(page: Page, fullName: string, l: Texts = locale) {
  await openUserMenu(page, fullName);
  await page.getByRole('menuitem', { name: l.header.log_out }).click();
  await expect(page.getByTestId('landing')).toBeVisible();
}

/** Nothing on the page is wider than the screen: it does not scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where} is ${scrollWidth} px wide at ${innerWidth} px`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/**
 * A Canadian account in a payout form, as a person gives it: the bank found by its name (the
 * institution number comes with it), the account type, then the transit and account numbers.
 */
export async function fillCanadianBank(form: Locator, account: string, l: Texts = locale) {
  const p = l.payouts;
  const bank = form.getByRole('textbox', { name: p.fields.bankName });
  await bank.fill('royal bank');
  await form.getByRole('button', { name: p.lookup.find }).click();
  await form
    .getByRole('button', { name: /^Royal Bank Of Canada/ })
    .first()
    .click();
  await expect(bank).toHaveValue('Royal Bank Of Canada');
  await expect(form.getByRole('textbox', { name: p.fields.institutionNumber })).toHaveValue('003');
  // Before the account number: its check on leaving it may move what is under it.
  const chequing = form.getByRole('radio', { name: p.choices.CHECKING });
  await chequing.click();
  await expect(chequing).toBeChecked();
  await form.getByRole('textbox', { name: p.fields.transitNumber }).fill('00011');
  await form.getByRole('textbox', { name: p.fields.accountNumber }).fill(account);
}

/** A signed-in agent finds the customer by email in the agent console and acts for them. */
export async function actFor(page: Page, person: Person, l: Texts = locale) {
  const agentConsole = page.getByRole('region', { name: l.accounts.agent.find_title });
  await agentConsole
    .getByRole('searchbox', { name: l.accounts.agent.search_label })
    .fill(person.email);
  await agentConsole.getByRole('button', { name: l.accounts.agent.search }).click();
  await agentConsole
    .getByRole('button', { name: `Act for ${person.firstName} ${person.surname}` })
    .click();
}

/**
 * Waits until the page's transitions have ended: a dialog fading in, a toast growing. Caught
 * half-way, their text is paler than it will be (white on #37833b read 4.45:1 under load, the
 * Blink it dialog's labels 4.16:1), and axe measures what is painted. Endless animations (a
 * spinner, a placeholder's pulse) are not waited for.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // A transition starts a frame after the element mounts, and one may start another.
    for (let round = 0; round < 10; round += 1) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      // A paused animation never finishes: a few seconds is more than any transition takes.
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 3000)),
      ]);
    }
  });
}

/**
 * What axe finds wrong on the page once its transitions have ended, one line per rule broken,
 * naming the elements and axe's reason for each (for a contrast, the two colours and the
 * ratio), so a failure says what to fix. `within`: only the parts of the page these selectors
 * match (those there), when the rest was looked at already; the whole page when none is.
 */
export async function accessibilityViolations(page: Page, within: readonly string[] = []) {
  await animationsSettled(page);
  const axe = new AxeBuilder({ page });
  // Only the parts named that are there (axe refuses a scope that matches nothing). The rules
  // of a whole document were kept when the page was checked, and would judge a frame in the
  // part (the card field's) as a page of its own.
  for (const selector of within)
    if ((await page.locator(selector).count()) > 0) axe.include(selector);
  if (within.length > 0) axe.disableRules(['page-has-heading-one', 'landmark-one-main']);
  const { violations } = await axe.analyze();
  return violations.map(
    (v) =>
      `${v.id}: ${v.help}` +
      v.nodes.map((node) => `\n  ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join(''),
  );
}

/** The URL of an API call on the journey server. */
export const apiUrl = (contract: ContractDef, params: Record<string, string> = {}) =>
  `http://localhost:${port}${API_ROOT}${pathFor(contract, params)}`;

/** The headers of a partner's back end: its api-key and one of its server secrets. */
export const partnerServer = (partnerId: string) => {
  const partner = demoPartners.find((p) => p.id === partnerId)!;
  return { 'api-key': partner.apiKey, authorization: `Bearer ${partner.serverSecret}` };
};

/**
 * A policy made for one journey by the partner's back end (`PUT …/partners/{id}/policies`),
 * so journeys need not share the demo's few free numbers. Open-ended unless `endDays` says.
 */
export async function freshPolicy(
  request: APIRequestContext,
  partnerId: string,
  { startDays = 0, endDays }: { startDays?: number; endDays?: number } = {},
): Promise<string> {
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const number =
    `E2E-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const response = await request.put(apiUrl(policiesContracts.save, { partnerId }), {
    headers: partnerServer(partnerId),
    data: {
      externalPolicyNumber: number,
      product: 'Journey cover',
      policyStart: day(startDays),
      policyEnd: endDays === undefined ? null : day(endDays),
      maxInsured: 2,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return number;
}

const run = promisify(execFile);

/** A command on the journey server's database, as the operator runs it. */
const onJourneyDatabase = (script: string, ...args: string[]) =>
  run('npx', ['tsx', script, ...args], {
    maxBuffer: 64 * 2 ** 20,
    env: {
      ...process.env,
      DATA_DIR: E2E_DATA_DIR,
      NODE_ENV: 'development',
      ENCRYPTION_KEY: E2E_ENCRYPTION_KEY,
      // The journey server's clock is the simulated one (playwright.config.ts).
      SIM_CLOCK: 'true',
    },
  });

/** The simulated world's operator, as the README shows it, on the journey server's database. */
export const simOperator = (...args: string[]) =>
  onJourneyDatabase('apps/api/src/cli/sim.ts', ...args);

/** Every row of the journey server's database as text (e2e/dump-database.ts). */
export const databaseDump = async () =>
  (await onJourneyDatabase('apps/web/e2e/dump-database.ts')).stdout;

/** The secrets the journey server's database holds on record (e2e/secrets-on-record.ts). */
export const secretsOnRecord = async () =>
  JSON.parse((await onJourneyDatabase('apps/web/e2e/secrets-on-record.ts')).stdout) as {
    secrets: KnownSecret[];
    monitored: string[];
  };

/** How far the journey server's simulated clock is ahead of this machine's, in ms. */
async function serverClockOffset(): Promise<number> {
  const { stdout } = await simOperator('clock', 'show');
  const minutes = /is (-?\d+) min ahead/.exec(stdout)?.[1];
  if (minutes === undefined) throw new Error(`sim clock show printed: ${stdout}`);
  // Every move is whole minutes (`advance 2d`, `25h`), so the minutes are exact.
  return Number(minutes) * 60_000;
}
export const serverNow = async () => Date.now() + (await serverClockOffset());

/** A text of the portal with any values in it (amounts, names), whatever their spacing. */
export const words = (template: string) =>
  new RegExp(
    template
      .split(/\{\{\w+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s'))
      .join('.+'),
  );
