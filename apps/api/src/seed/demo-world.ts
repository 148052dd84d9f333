import type { Branding, PartnerConfigOverrides } from '@tern/domain';
import { imageFileName } from '../web/brand-images.ts';
import { themeImageNames, TRANSLATION_LANGUAGES } from '@tern/domain';

/**
 * The demo world: one partner per configuration of spec 1 §4, each reachable on its own
 * `*.localhost` host, and demo users of every role. Keys and passwords here are demo values,
 * printed on the console at start; real partners get random ones.
 */
export interface DemoPartner {
  id: string;
  name: string;
  /** The hostname its portal is served on, on the API's own port (`demoOrigin`). */
  host: string;
  cmsBundle: string;
  palette: Branding['palette'];
  /** Its typefaces, from the ones the portal bundles. */
  fonts: NonNullable<Branding['fonts']>;
  config: PartnerConfigOverrides;
  apiKey: string;
  serverSecret: string;
  /** What the partner sells, for the console listing. */
  kind: string;
}

/** A demo partner's portal origin: its `*.localhost` host on the port Tern listens on. */
export const demoOrigin = (partner: DemoPartner, port: number): string =>
  `http://${partner.host}:${port}`;

/**
 * The demo partners' own shop, the widget's host page (issue 30): a page of "the partner" on
 * another origin than any portal, on the port Tern listens on. Every demo partner lets it
 * embed its panels (`widget.embeddingOrigins`, written by the seed).
 */
export const DEMO_SHOP_HOST = 'shop.localhost';
export const demoShopOrigin = (port: number): string => `http://${DEMO_SHOP_HOST}:${port}`;
/** An origin no partner lists: its page frames panels and the portal, and is refused. */
export const DEMO_STRANGER_HOST = 'stranger.localhost';

export const DEMO_PASSWORD = 'Tern-demo-2026!';

export const demoPartners: DemoPartner[] = [
  {
    id: 'travel',
    name: 'Skyward Air',
    host: 'travel.localhost',
    cmsBundle: 'skyward-travel',
    palette: {
      primary: '#0b4f8a',
      secondary: '#f5a623',
      background: '#f3f7fb',
      paper: '#ffffff',
      text: '#14213d',
      navbar: '#0b4f8a',
    },
    fonts: { heading: 'Montserrat Variable', body: 'Open Sans Variable' },
    // An airline's customers come from everywhere: every language the texts exist in.
    config: {
      supportEmail: 'support@travel.example.com',
      languages: [...TRANSLATION_LANGUAGES],
      // Its flight cover is sold on a policy: Blink it asks which one.
      includePolicy: { flightCover: true },
      // Its customers bank in Canada and abroad: accounts in US dollars, euros and pounds too.
      payouts: {
        providers: ['BANK-MANUAL', 'BANK-CORPAY'],
        otherCurrencies: ['USD', 'EUR', 'GBP'],
      },
      // What a disruption brings, per insured passenger (its help content states the same,
      // filled from here): a lounge from an hour late, or its value in cash when it is not
      // taken; cash or points from three hours and on a cancellation; a hotel night from six
      // hours (the rules cannot ask whether a delay runs past midnight) and on a cancellation,
      // with a new flight; at most CAD 1,000.00 per policy. Options are offered in this order
      // whatever the disruption, so each type is listed where both orders agree. A lost bag
      // brings cash without receipts while it is not delivered: CAD 50 at 12 hours after the
      // report, 50 more at 24, 100 at 48 and 150 at 96, at most CAD 350 a bag (within the
      // policy's cap).
      resolutions: {
        policyCap: 100_000,
        luggage: {
          stages: [
            { afterHours: 12, amount: 5_000 },
            { afterHours: 24, amount: 5_000 },
            { afterHours: 48, amount: 10_000 },
            { afterHours: 96, amount: 15_000 },
          ],
          capPerBag: 35_000,
        },
        disruptionOptions: { callMeAllowed: true },
        offers: [
          { type: 'LOUNGE', on: 'DELAY', minDelayMinutes: 60 },
          {
            type: 'CASH',
            on: 'DELAY',
            minDelayMinutes: 60,
            cashPerPassenger: 2_500,
            dependency: 'LOUNGE',
          },
          { type: 'REBOOKING', on: 'CANCELLATION' },
          { type: 'HOTEL', on: 'CANCELLATION' },
          { type: 'HOTEL', on: 'DELAY', minDelayMinutes: 360 },
          {
            type: 'CASH|POINTS',
            on: 'DELAY',
            minDelayMinutes: 180,
            cashPerPassenger: 15_000,
            pointsPerPassenger: 15_000,
          },
          {
            type: 'CASH|POINTS',
            on: 'CANCELLATION',
            cashPerPassenger: 15_000,
            pointsPerPassenger: 15_000,
          },
        ],
      },
    },
    apiKey: 'tern_pk_travel_demo',
    serverSecret: 'tern_sk_travel_demo',
    kind: 'default travel cover',
  },
  {
    id: 'business',
    name: 'Harbour Mutual',
    host: 'business.localhost',
    cmsBundle: 'harbour-business',
    palette: {
      primary: '#1b6b4a',
      secondary: '#c8a45c',
      background: '#f4f8f5',
      paper: '#ffffff',
      text: '#17261f',
      navbar: '#123f2d',
    },
    fonts: { heading: 'Lora Variable', body: 'Source Sans 3 Variable' },
    // A British mutual: its customers' mobile numbers and formats default to the UK.
    config: {
      defaultLocale: 'en-GB',
      supportEmail: 'support@business.example.com',
      parametric: true,
      includePolicy: { parametric: true },
      // Its payout supplier collects bank details in its own hosted page (the widget).
      payouts: {
        supplier: 'payment-rails',
        providers: ['BANK-MANUAL'],
        country: { iso: 'GB', currency: 'GBP' },
      },
      // Its cover's terms: GBP 500.00 off every claim, at most GBP 25,000.00 a claim; a power
      // cut triggers from 4 hours, a road closure from 24.
      claimTerms: {
        retention: 50_000,
        applicableLimit: 2_500_000,
        powerCutMinutes: 4 * 60,
        roadClosureMinutes: 24 * 60,
        // Water 30 cm above the floor stops a shop.
        floodLevelCm: 30,
        broker: 'broker@harbour-mutual.example.com',
        claimsHandler: {
          firstname: 'Priya',
          surname: 'Shah',
          email: 'claims@harbour-mutual.example.com',
          mobilePhoneNumber: null,
        },
      },
    },
    apiKey: 'tern_pk_business_demo',
    serverSecret: 'tern_sk_business_demo',
    kind: 'parametric business interruption',
  },
  {
    id: 'identity',
    name: 'Northbank',
    host: 'identity.localhost',
    cmsBundle: 'northbank-identity',
    palette: {
      primary: '#5b2a86',
      secondary: '#e0457b',
      background: '#f7f4fb',
      paper: '#ffffff',
      text: '#221533',
      navbar: '#3d1c5c',
    },
    fonts: { heading: 'Plus Jakarta Sans Variable', body: 'Inter Variable' },
    // Monitoring portals load no payout data (spec 1 §4) and this one has no payout service.
    config: {
      defaultLocale: 'en-US',
      supportEmail: 'support@identity.example.com',
      owl: true,
      // A bank with customers on both sides of the Atlantic, which reissues its own cards.
      monitoring: { countries: ['CA', 'US', 'GB', 'ES', 'FR'], cardReissue: true },
      payouts: { supplier: null },
    },
    apiKey: 'tern_pk_identity_demo',
    serverSecret: 'tern_sk_identity_demo',
    kind: 'identity monitoring',
  },
];

export interface DemoUser {
  partnerId: string;
  emailAddress: string;
  firstName: string;
  surname: string;
  roles: string[];
  /** Set for the user who signs in with two-step verification: their authenticator key. */
  totpSecret?: string;
  /** The partner's own staff travelling: passenger limits do not apply (spec 2 §5). */
  employee?: boolean;
}

/**
 * The authenticator key (base32) of the demo user with MFA on. A demo value like the
 * password: add it to any authenticator app, or `npm run -s demo:totp` prints the code.
 */
export const DEMO_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKRSXE3RAMRSW23YK';

/** A demo account's address: `user@travel.example.com`, `agent@business.example.com`… */
export const demoEmail = (partnerId: string, local = 'user') => `${local}@${partnerId}.example.com`;

export const demoUsers: DemoUser[] = demoPartners.flatMap((p) => [
  {
    partnerId: p.id,
    emailAddress: demoEmail(p.id, 'admin'),
    firstName: 'Ada',
    surname: 'Admin',
    roles: ['ADMIN'],
  },
  {
    partnerId: p.id,
    emailAddress: demoEmail(p.id, 'agent'),
    firstName: 'Avery',
    surname: 'Agent',
    roles: ['AGENT'],
  },
  {
    partnerId: p.id,
    emailAddress: demoEmail(p.id, 'user'),
    firstName: 'Uma',
    surname: 'User',
    roles: ['USER'],
  },
  ...(p.id === 'travel'
    ? [
        {
          partnerId: p.id,
          emailAddress: demoEmail(p.id, 'mfa'),
          firstName: 'Milo',
          surname: 'Factor',
          roles: ['USER'],
          totpSecret: DEMO_TOTP_SECRET,
        },
        {
          partnerId: p.id,
          emailAddress: demoEmail(p.id, 'employee'),
          firstName: 'Eli',
          surname: 'Employee',
          roles: ['USER'],
          employee: true,
        },
      ]
    : []),
]);

export const brandingOf = (p: DemoPartner): Branding => ({
  name: p.name,
  palette: p.palette,
  fonts: p.fonts,
  images: Object.fromEntries(
    themeImageNames.map((n) => [n, `/assets/themes/${p.id}/${imageFileName(n)}`]),
  ) as Branding['images'],
});

/** What each demo partner sells, as its policies name it. */
export const DEMO_PRODUCT: Record<string, string> = {
  travel: 'Flight disruption cover',
  business: 'Business interruption cover',
  identity: 'Identity protection',
};
