import { expect, test, type Browser, type FrameLocator, type Page } from '@playwright/test';
import {
  CONTENT_PAGES,
  PARTNER_DOCUMENTS,
  partnerConfigSchema,
  partnersContracts,
} from '@tern/domain';
import type { RouteObject } from 'react-router';
import {
  DEMO_PASSWORD,
  DEMO_SHOP_HOST,
  demoEmail,
  demoPartners,
  type DemoPartner,
} from '../../api/src/seed/demo-world.ts';
import { appRoutesFor } from '../src/app/routing/app-routes.tsx';
import {
  accessibilityViolations,
  apiUrl,
  fill,
  freshPolicy,
  partnerServer,
  password,
  port,
  registerByApi,
  texts,
  uniqueEmail,
  urlOf,
  type Texts,
} from './journey.ts';

/**
 * Accessibility sweep (issue 31 item 9): axe finds nothing on every page of the portal, for
 * each demo partner that has it, and on every dialog, menu and drawer a page opens, in
 * English, Spanish and French. The pages come from the app's own route table
 * (`appRoutesFor` with each partner's configuration): a route the sweep does not visit fails
 * the first test, so a new page cannot be left out. The demo users' data is only read:
 * dialogs are opened and cancelled, an error is the browser's own answer to a call (the API
 * never sees it), nothing is bought and the simulated clock is left alone. Written: the
 * customers whose terms are still to accept (registered here), and the administrator's own
 * webhook endpoint (added, its secret rotated, removed), so that its pages have a row.
 */

const languages = ['en', 'es', 'fr'] as const;
type Language = (typeof languages)[number];
type Who = 'visitor' | 'user' | 'pending' | 'admin' | 'agent' | 'widget';

// Pages only read: the tests share nothing and run on both workers at once.
test.describe.configure({ mode: 'parallel' });
// A step that cannot happen fails in half a minute, not at the end of a test's many minutes.
test.use({ actionTimeout: 30_000 });

/** Every route's full path of a route table, as React Router matches it. */
function routePatterns(routes: readonly RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${base.replace(/\/$/, '')}/${route.path}`
      : base;
    return [...(route.path ? [here] : []), ...routePatterns(route.children ?? [], here)];
  });
}

const routesOf = (partner: DemoPartner) =>
  routePatterns(appRoutesFor(partnerConfigSchema.parse(partner.config)));

/** One page as the sweep opens it: who opens it, at which address, and what it opens on it. */
type Visit = {
  who: Who;
  /** The address (a route's parameters filled in). */
  path: string;
  /** What the page opens, each looked at by axe, then closed. */
  dialogs?: (t: Texts, language: Language, partner: DemoPartner) => Dialog[];
};

/** A dialog, menu or drawer: how it opens, and how it closes again without changing anything. */
type Dialog = {
  name: string;
  /** What it opens is part of the page (a row unfolded): the whole page is checked again. */
  inPage?: boolean;
  open: (page: Page) => Promise<void>;
  close?: (page: Page) => Promise<void>;
};

/** Closes what is open with Escape, as a keyboard user would: a dialog over another twice. */
const pressEscape = async (page: Page) => {
  const open = page.locator('[role="dialog"], [role="menu"]');
  for (let times = 0; times < 3 && (await open.count()) > 0; times += 1) {
    const count = await open.count();
    await page.keyboard.press('Escape');
    await expect(open).not.toHaveCount(count);
  }
};

/** The API's answer to the page's next `method` call to a path ending in `pathEnd`: an error. */
async function failNext(page: Page, method: string, pathEnd: string, body: object) {
  // Once: left in place after (unrouting inside the handler would let its own call through).
  let answered = false;
  await page.route(
    (url) => url.pathname.endsWith(pathEnd),
    async (route) => {
      if (answered || route.request().method() !== method) return route.fallback();
      answered = true;
      return route.fulfill({ status: 500, json: { status: 500, ...body } });
    },
  );
}

/**
 * A passenger's details sent while the API fails: the error dialog of a partner-level error
 * (a configuration error), over the form; then a warning toast of any other error.
 */
const failedPassenger = (t: Texts): Dialog[] => {
  const p = t.travel.passengers;
  const fillAndSave = async (page: Page) => {
    await page.getByRole('main').getByRole('button', { name: p.add }).click();
    const form = page.getByRole('dialog', { name: p.add_title });
    // Exact names: French "Nom" is in "Prénom".
    await form.getByRole('textbox', { name: p.name, exact: true }).fill('Ines');
    await form.getByRole('textbox', { name: p.surname, exact: true }).fill('Error');
    await form.getByRole('textbox', { name: p.mobile, exact: true }).fill('+14165550199');
    await form.getByRole('button', { name: p.add, exact: true }).click();
  };
  return [
    {
      name: 'the error dialog',
      open: async (page) => {
        await failNext(page, 'POST', '/passengers', {
          name: 'B2BError',
          code: 'CONFIG_ERROR',
          message: 'A configuration error occurred.',
        });
        await fillAndSave(page);
        await expect(page.getByRole('dialog', { name: t.error_dialog.title })).toBeVisible();
      },
      close: async (page) => {
        await page
          .getByRole('dialog', { name: t.error_dialog.title })
          .getByRole('button', { name: t.app.ok })
          .click();
        await pressEscape(page);
      },
    },
    {
      name: 'an error toast',
      open: async (page) => {
        await failNext(page, 'POST', '/passengers', {
          code: 'INTERNAL_ERROR',
          message: 'An unexpected error occurred.',
        });
        await fillAndSave(page);
        await expect(page.getByRole('alert').filter({ hasText: t.errors.error })).toBeVisible();
      },
    },
  ];
};

/** Blink it's first step, then its flight step (nothing is looked up or covered). */
const blinkFlightStep = (t: Texts): Dialog => ({
  name: 'Blink it, its flight step',
  open: async (page) => {
    await page
      .getByRole('main')
      .getByRole('button', { name: t.travel.insurances.blink_it })
      .click();
    const start = page.getByRole('dialog', { name: t.travel.add.title });
    await start.getByRole('radio', { name: t.travel.trip_types.single, exact: true }).check();
    await start.getByRole('button', { name: t.travel.add.next }).click();
    await expect(page.getByRole('dialog', { name: t.travel.flight_wizard.title })).toBeVisible();
  },
});

/** A dialog opened by the button named `button` (the first, when several); closed with Escape. */
const dialogBy = (name: string, button: string | RegExp): Dialog => ({
  name,
  open: async (page) => {
    await page.getByRole('main').getByRole('button', { name: button }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
  },
});

/** A menu opened by the button named `button`. */
const menuBy = (
  name: string,
  button: string | RegExp,
  within = 'main' as 'main' | 'banner',
): Dialog => ({
  name,
  open: async (page) => {
    await page.getByRole(within).getByRole('button', { name: button }).first().click();
    await expect(page.getByRole('menu')).toBeVisible();
  },
});

/** A dialog opened from a menu: the menu's button, then its item. */
const dialogFromMenu = (name: string, button: string | RegExp, item: string): Dialog => ({
  name,
  open: async (page) => {
    await page.getByRole('main').getByRole('button', { name: button }).first().click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  },
});

/** The user menu, and the two-step verification dialog it opens. */
const userDialogs = (t: Texts, fullName: string): Dialog[] => [
  menuBy('the user menu', fullName, 'banner'),
  {
    name: 'the two-step verification dialog',
    open: async (page) => {
      await page.getByRole('banner').getByRole('button', { name: fullName }).click();
      await page.getByRole('menuitem', { name: t.header.two_step }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
];

/** The summary button of a type's row on the monitored-data page. */
const rowOf = (page: Page, t: Texts, type: 'EMAIL_ADDRESS' | 'CARD') =>
  page.getByRole('button', { name: new RegExp(`^${t.monitoring.types[type].label as string}`) });

/** A type's row unfolded, its items shown; folded again. */
const unfoldedRow = (t: Texts, type: 'EMAIL_ADDRESS' | 'CARD'): Dialog => ({
  name: `the row of ${type} unfolded`,
  inPage: true,
  open: async (page) => {
    const summary = rowOf(page, t, type);
    if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
    await expect(summary).toHaveAttribute('aria-expanded', 'true');
  },
  close: async (page) => {
    await rowOf(page, t, type).click();
    await expect(rowOf(page, t, type)).toHaveAttribute('aria-expanded', 'false');
  },
});

/** A row of the monitored-data page opened, then its add button. */
const addMonitored = (t: Texts, type: 'EMAIL_ADDRESS' | 'CARD'): Dialog => ({
  name: `the add dialog of ${type}`,
  open: async (page) => {
    const summary = rowOf(page, t, type);
    if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
    await page.getByRole('button', { name: t.monitoring.types[type].add }).click();
    const dialog = page.getByRole('dialog');
    // The card's dialog waits for its field's frame and token: slow on a busy machine.
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    if (type === 'CARD') await expect(dialog.locator('iframe')).toBeVisible();
  },
});

/** The webhook endpoint the admin's visit adds for itself (and removes afterwards). */
const A11Y_WEBHOOK = (language: Language) => `https://hooks.example.com/a11y-${language}`;

/**
 * Every route of the app, with the visits that cover it and the dialogs each opens. A route
 * of a partner that is not here fails the sweep's first test. Dialogs are opened on the demo
 * users' own data (seed/demo-data.ts) and cancelled.
 */
const visits: Record<string, Visit[]> = {
  '/': [{ who: 'visitor', path: '/' }],
  '/register': [{ who: 'visitor', path: '/register' }],
  '/login/code': [{ who: 'visitor', path: '/login/code' }],
  '/sso': [{ who: 'visitor', path: '/sso' }],
  '/link/:linkId': [{ who: 'visitor', path: '/link/not-an-invitation' }],
  '/forgot-password': [{ who: 'visitor', path: '/forgot-password' }],
  '/reset-password': [{ who: 'visitor', path: '/reset-password?token=not-a-real-token' }],
  '/help': [{ who: 'visitor', path: '/help' }],
  '/help/contact': [{ who: 'visitor', path: '/help/contact' }],
  '/help/:documentId': [...CONTENT_PAGES, ...PARTNER_DOCUMENTS]
    .filter((id) => id !== 'key-facts' && id !== 'contact')
    .map((id) => ({ who: 'visitor', path: `/help/${id}` })),
  '/key-facts': [{ who: 'visitor', path: '/key-facts' }],
  '/*': [{ who: 'visitor', path: '/no-such-page' }],
  '/widgets/401': [{ who: 'visitor', path: '/widgets/401' }],
  '/dashboard': [
    { who: 'user', path: '/dashboard', dialogs: (t) => userDialogs(t, 'Uma User') },
    { who: 'admin', path: '/dashboard', dialogs: (t) => userDialogs(t, 'Ada Admin') },
    { who: 'agent', path: '/dashboard' },
  ],
  '/my-details': [
    {
      who: 'user',
      path: '/my-details',
      dialogs: (t) => [
        dialogBy('the email change', t.accounts.my_details.change_email),
        dialogBy('the mobile change', t.accounts.my_details.change_mobile),
      ],
    },
  ],
  '/policies': [
    {
      who: 'user',
      path: '/policies',
      dialogs: (t) => [dialogBy('the policy to add', t.policies.page.add)],
    },
  ],
  '/insurances': [
    {
      who: 'user',
      path: '/insurances',
      dialogs: (t) => {
        const i = t.travel.insurances;
        return [
          dialogBy('Blink it', i.blink_it),
          blinkFlightStep(t),
          dialogBy("a trip's details", i.details),
          dialogBy("a trip's passengers", i.edit),
          dialogBy("a trip's cancellation", i.cancel),
        ];
      },
    },
  ],
  '/passengers': [
    {
      who: 'user',
      path: '/passengers',
      dialogs: (t) => {
        const p = t.travel.passengers;
        return [
          dialogBy('the passenger to add', p.add),
          dialogBy('a passenger to edit', p.edit),
          dialogBy("a passenger's removal", p.delete),
          ...failedPassenger(t),
        ];
      },
    },
  ],
  '/payout-methods': [
    {
      who: 'user',
      path: '/payout-methods',
      dialogs: (t, _language, partner) => {
        const m = t.payouts.methods;
        const add = dialogBy('the payout method to add', m.add);
        if (partner.id !== 'travel') return [add];
        // The travel demo user's bank account (seed/demo-data.ts), with its address.
        const actions = fill(m.actions, { description: 'Chequing account' });
        return [
          add,
          menuBy("a payout method's actions", actions),
          dialogFromMenu("a payout method's address", actions, m.edit_address),
          dialogFromMenu('a move to international transfer', actions, m.move_to_corpay),
          dialogFromMenu("a payout method's removal", actions, m.remove),
        ];
      },
    },
  ],
  '/payments': [{ who: 'user', path: '/payments' }],
  '/luggage': [
    {
      who: 'user',
      path: '/luggage',
      dialogs: (t) => [dialogBy('the bag report', t.luggage.report)],
    },
  ],
  '/resolution/select': [{ who: 'user', path: '/resolution/select' }],
  '/resolution/pass/:passId': [{ who: 'user', path: '/resolution/pass/not-a-pass' }],
  '/claims': [
    {
      who: 'user',
      path: '/claims',
      dialogs: (t) => [
        dialogBy('the revenue prediction', t.claims.claim.actions.prediction),
        dialogBy("a claim's contacts", t.claims.claim.info),
        dialogBy("a business's cancellation", t.claims.items.cancel),
      ],
    },
  ],
  '/claim/history/:alertId': [{ who: 'user', path: 'claim-history' }],
  '/permissions/grant': [{ who: 'user', path: '/permissions/grant' }],
  '/monitored-data': [
    {
      who: 'user',
      path: '/monitored-data',
      dialogs: (t) => {
        const actions = fill(t.monitoring.item.actions, { name: 'Personal email' });
        return [
          unfoldedRow(t, 'EMAIL_ADDRESS'),
          addMonitored(t, 'EMAIL_ADDRESS'),
          addMonitored(t, 'CARD'),
          menuBy("an item's actions", actions),
          dialogFromMenu('an item to edit', actions, t.monitoring.item.edit),
          dialogFromMenu("an item's deletion", actions, t.monitoring.item.delete),
        ];
      },
    },
  ],
  '/monitored-data/action-plan': [{ who: 'user', path: '/monitored-data/action-plan' }],
  '/terms/accept': [{ who: 'pending', path: '/terms/accept' }],
  '/admin/staff': [
    {
      who: 'admin',
      path: '/admin/staff',
      dialogs: (t) => [
        dialogBy('the invitation', t.accounts.admin.invite),
        dialogBy(
          "an agent's disabling",
          fill(t.accounts.admin.disable_name, { name: 'Avery Agent' }),
        ),
      ],
    },
  ],
  '/admin/audit': [{ who: 'admin', path: '/admin/audit' }],
  '/admin/webhooks': [
    {
      who: 'admin',
      path: '/admin/webhooks',
      dialogs: (t, language) => {
        const a = t.accounts.admin;
        const url = A11Y_WEBHOOK(language);
        return [
          dialogBy('the endpoint to add', a.add_webhook),
          dialogBy("an endpoint's deletion", fill(a.delete_name, { url })),
          dialogBy("an endpoint's secret rotation", fill(a.rotate_name, { url })),
          {
            // The new secret, shown once: this visit's own endpoint's.
            name: "an endpoint's new secret",
            open: async (page) => {
              await page.getByRole('button', { name: fill(a.rotate_name, { url }) }).click();
              await page.getByRole('dialog').getByRole('button', { name: a.rotate }).click();
              await expect(page.getByRole('dialog').getByText(a.rotate_title)).toHaveCount(0);
              await expect(page.getByRole('dialog')).toBeVisible();
            },
            // Shown once, it closes only when the admin says they have kept it.
            close: async (page) => {
              await page.getByRole('dialog').getByRole('button', { name: a.done }).click();
            },
          },
        ];
      },
    },
  ],
  '/admin/webhooks/:endpointId': [{ who: 'admin', path: 'webhook-deliveries' }],
  '/admin/embedding': [
    {
      who: 'admin',
      path: '/admin/embedding',
      dialogs: (t) => [
        dialogBy(
          "an origin's removal",
          fill(t.accounts.admin.remove_origin_name, { origin: `http://${DEMO_SHOP_HOST}:${port}` }),
        ),
      ],
    },
  ],
  // The panels, as the partner's own shop frames them (one page shows them all).
  '/widgets/dashboard': [{ who: 'widget', path: 'dashboard' }],
  '/widgets/account': [{ who: 'widget', path: 'account' }],
  '/widgets/insurance': [{ who: 'widget', path: 'insurance' }],
  '/widgets/luggage': [{ who: 'widget', path: 'luggage' }],
  '/widgets/passengers': [{ who: 'widget', path: 'passengers' }],
  '/widgets/payoutmethods': [{ who: 'widget', path: 'payoutmethods' }],
};

test('every route of every demo partner is in the accessibility sweep', () => {
  const missing = demoPartners.flatMap((partner) =>
    routesOf(partner)
      .filter((pattern) => !Object.hasOwn(visits, pattern))
      .map((pattern) => `${partner.id} ${pattern}`),
  );
  expect(missing, 'routes the sweep does not visit: add them to `visits`').toEqual([]);
  // And nothing in the list is a route no partner has any more.
  const all = new Set(demoPartners.flatMap(routesOf));
  expect(Object.keys(visits).filter((pattern) => !all.has(pattern))).toEqual([]);
});

/** The visits of one partner by one kind of visitor, in the table's order. */
const visitsOf = (partner: DemoPartner, who: Who) => {
  const routes = new Set(routesOf(partner));
  return Object.entries(visits)
    .filter(([pattern]) => routes.has(pattern))
    .flatMap(([, list]) => list.filter((visit) => visit.who === who));
};

const withLanguage = (path: string, language: Language) =>
  `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;

/**
 * Until nothing on the page is still loading: no busy region, no spinner (a progress bar
 * with a value, a claim's steps, stays).
 */
async function settled(page: Page | FrameLocator) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
}

async function signIn(page: Page, email: string, secret: string, t: Texts) {
  const card = page.getByRole('region', { name: t.accounts.sign_in.title });
  await card.getByRole('textbox', { name: t.accounts.sign_in.email }).fill(email);
  await card.getByLabel(t.accounts.sign_in.password, { exact: false }).fill(secret);
  await card.getByRole('button', { name: t.accounts.sign_in.submit }).click();
}

/**
 * Axe finds nothing on the page (or only in the parts `within` names): a soft assertion, so
 * that one run lists every page's.
 */
async function check(page: Page, where: string, within: readonly string[] = []) {
  await settled(page);
  expect.soft(await accessibilityViolations(page, within), where).toEqual([]);
}

/**
 * What a dialog or menu adds to a page that was checked already: itself, and a notice it
 * raised. The page behind an open dialog is hidden from assistive technology.
 */
const OVERLAYS = ['[role="dialog"]', '[role="menu"]', '[role="alert"]', '[role="status"]'];

/** Opens each dialog, checks it, closes it; the page is as it was after each. */
async function checkDialogs(page: Page, dialogs: Dialog[], where: string) {
  for (const dialog of dialogs) {
    await dialog.open(page);
    await check(page, `${where}, ${dialog.name}`, dialog.inPage ? [] : OVERLAYS);
    await (dialog.close ?? pressEscape)(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
}

/** Every page of `who` on the partner's portal, and every dialog on it. */
async function sweep(
  page: Page,
  partner: DemoPartner,
  who: Who,
  language: Language,
  paths: Record<string, string | ((page: Page) => Promise<string>)> = {},
) {
  const t = texts[language];
  for (const visit of visitsOf(partner, who)) {
    const given = paths[visit.path] ?? visit.path;
    const path = typeof given === 'string' ? given : await given(page);
    const where = `${partner.id} ${language} ${path}`;
    await page.goto(urlOf(partner.id, withLanguage(path, language)));
    await expect(page.locator('h1').first()).toBeVisible();
    await check(page, where);
    await checkDialogs(page, visit.dialogs?.(t, language, partner) ?? [], where);
  }
}

async function newPage(browser: Browser, width = 1280) {
  // No service worker: on its first visit the pass page loads once more when the worker takes
  // it (to be kept offline), and axe would look at the page between the two loads.
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    serviceWorkers: 'block',
  });
  return { context, page: await context.newPage() };
}

/**
 * The page at `width` px, loaded again at that width as a phone or a desktop would load it:
 * Chromium on a busy machine has missed telling a page its media queries changed after a
 * resize, and the page kept its wide header at 360 px.
 */
async function resize(page: Page, width: 360 | 1280) {
  await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
  await page.reload();
  await expect(page.locator('h1').first()).toBeVisible();
}

/** The signed-in navigation at 360 px: a drawer behind the menu button. */
async function checkPhoneNavigation(page: Page, t: Texts, where: string) {
  await resize(page, 360);
  await expect(page.getByRole('banner').getByRole('button', { name: t.nav.open })).toBeVisible();
  await check(page, `${where} at 360 px`);
  await page.getByRole('banner').getByRole('button', { name: t.nav.open }).click();
  await expect(page.getByRole('navigation', { name: t.nav.label })).toBeVisible();
  await check(page, `${where} at 360 px, the navigation drawer`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: t.nav.label })).toBeHidden();
  await resize(page, 1280);
}

// Each test's own time: pages and dialogs, each axe run a few seconds on a loaded machine.
const timeFor = (checks: number) => 60_000 + checks * 20_000;
const checksOf = (partner: DemoPartner, who: Who, language: Language) =>
  visitsOf(partner, who).reduce(
    (sum, visit) => sum + 1 + (visit.dialogs?.(texts[language], language, partner).length ?? 0),
    0,
  );

for (const partner of demoPartners) {
  for (const language of languages) {
    const t = texts[language];
    const name = `${partner.name} in ${language.toUpperCase()}`;

    test(`${name}: every public page, at 360 px too, and the error page`, async ({ browser }) => {
      test.setTimeout(timeFor(checksOf(partner, 'visitor', language) + 3));
      const { context, page } = await newPage(browser);
      await sweep(page, partner, 'visitor', language);
      await page.goto(urlOf(partner.id, withLanguage('/', language)));
      await resize(page, 360);
      await check(page, `${partner.id} ${language} / at 360 px`);
      await resize(page, 1280);
      // A page whose code cannot be downloaded (a release replaced it): the error page.
      await page.route('**/assets/help-centre-page-*.js', (route) => route.abort());
      await page.getByRole('contentinfo').getByRole('link', { name: t.content.title }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t.route_error.title }),
      ).toBeVisible();
      await check(page, `${partner.id} ${language} the error page`);
      await context.close();
    });

    test(`${name}: every page and dialog of its customer, and the navigation at 360 px`, async ({
      browser,
    }) => {
      test.setTimeout(timeFor(checksOf(partner, 'user', language) + 2));
      const { context, page } = await newPage(browser);
      await page.goto(urlOf(partner.id, withLanguage('/', language)));
      await signIn(page, demoEmail(partner.id), DEMO_PASSWORD, t);
      await expect(page).toHaveURL(/\/dashboard/);
      await sweep(page, partner, 'user', language, {
        // The demo claim's timeline, as its card on the claims page (just visited) links it.
        'claim-history': async () =>
          (await page
            .getByRole('main')
            .getByRole('link', { name: t.claims.claim.timeline })
            .first()
            .getAttribute('href'))!,
      });
      await page.goto(urlOf(partner.id, '/dashboard'));
      await expect(page.locator('h1').first()).toBeVisible();
      await checkPhoneNavigation(page, t, `${partner.id} ${language} /dashboard`);
      await context.close();
    });

    test(`${name}: every page and dialog of its administrator`, async ({ browser, request }) => {
      test.setTimeout(timeFor(checksOf(partner, 'admin', language) + 2));
      // An endpoint of this visit's own, so that its rows, its deliveries page and its
      // dialogs are there to check; removed afterwards.
      const created = await request.post(
        apiUrl(partnersContracts.addWebhook, { partnerId: partner.id }),
        {
          headers: partnerServer(partner.id),
          // An event no journey sends on this partner's behalf... none is sent to it.
          data: { url: A11Y_WEBHOOK(language), events: ['trip.covered'], description: 'A11y' },
        },
      );
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      try {
        const { context, page } = await newPage(browser);
        await page.goto(urlOf(partner.id, withLanguage('/', language)));
        await signIn(page, demoEmail(partner.id, 'admin'), DEMO_PASSWORD, t);
        await expect(page).toHaveURL(/\/dashboard/);
        await sweep(page, partner, 'admin', language, {
          'webhook-deliveries': `/admin/webhooks/${id}`,
        });
        await checkPhoneNavigation(page, t, `${partner.id} ${language} admin`);
        await context.close();
      } finally {
        await request.delete(
          apiUrl(partnersContracts.removeWebhook, { partnerId: partner.id, endpointId: id }),
          { headers: partnerServer(partner.id) },
        );
      }
    });

    test(`${name}: the agent's console, a customer found and acted for`, async ({ browser }) => {
      test.setTimeout(timeFor(checksOf(partner, 'agent', language) + 3));
      const { context, page } = await newPage(browser);
      await page.goto(urlOf(partner.id, withLanguage('/', language)));
      await signIn(page, demoEmail(partner.id, 'agent'), DEMO_PASSWORD, t);
      await expect(page).toHaveURL(/\/dashboard/);
      await sweep(page, partner, 'agent', language);
      const a = t.accounts.agent;
      const agentConsole = page.getByRole('region', { name: a.find_title });
      await agentConsole
        .getByRole('searchbox', { name: a.search_label })
        .fill(demoEmail(partner.id));
      await agentConsole.getByRole('button', { name: a.search }).click();
      const actFor = agentConsole.getByRole('button', {
        name: fill(a.act_for_name, { name: 'Uma User' }),
      });
      await expect(actFor).toBeVisible();
      await check(page, `${partner.id} ${language} the agent's search`);
      await actFor.click();
      await expect(page.getByRole('region', { name: a.acting_region })).toBeVisible();
      await check(page, `${partner.id} ${language} acting for a customer`);
      await context.close();
    });
  }

  test(`${partner.name}: the widget's panels on the partner's shop, in each language`, async ({
    browser,
  }) => {
    test.setTimeout(timeFor(6));
    const panels = visitsOf(partner, 'widget').map((visit) => visit.path);
    for (const language of languages) {
      const { context, page } = await newPage(browser);
      await page.goto(
        `http://${DEMO_SHOP_HOST}:${port}/${partner.id}?only=${panels.join(',')}&lang=${language}`,
      );
      for (const panel of panels) {
        const frame = page.frameLocator(`#panel-${panel} iframe`);
        // Each panel signs in with its own token first: slow while the machine is busy.
        await expect(frame.locator('h1').first()).toBeVisible({ timeout: 60_000 });
        // Its main landmark named for its page, not for the sign-in it came through.
        await expect(
          frame.getByRole('main', { name: texts[language].widget.panels[panel] }),
        ).toBeVisible();
        await settled(frame);
      }
      await check(page, `${partner.id} ${language} the widget's panels`);
      await context.close();
    }
  });
}

test('the terms to accept, in each language', async ({ browser, request }) => {
  test.setTimeout(timeFor(6));
  const partner = demoPartners[0]!;
  // Where a customer whose terms are still to accept lands on signing in.
  const [terms] = visitsOf(partner, 'pending');
  for (const language of languages) {
    const person = { firstName: 'Tess', surname: 'Terms', email: uniqueEmail(`a11y-${language}`) };
    await registerByApi(request, partner.id, await freshPolicy(request, partner.id), person, {
      acceptTerms: false,
    });
    const { context, page } = await newPage(browser);
    await page.goto(urlOf(partner.id, withLanguage('/', language)));
    await signIn(page, person.email, password, texts[language]);
    await expect(page).toHaveURL(new RegExp(terms!.path));
    await check(page, `${partner.id} ${language} ${terms!.path}`);
    await context.close();
  }
});
