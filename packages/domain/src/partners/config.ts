import { z } from 'zod';
import { BUNDLED_FONTS } from './fonts.ts';
import {
  LANGUAGES,
  MONITORED_DATA_TYPES,
  MONITORING_COUNTRIES,
  PARTNER_ID_MAX_LENGTH,
  ROLES,
  TRANSLATION_LANGUAGES,
} from '../constants.ts';
import { resolutionsConfigSchema } from '../resolutions/index.ts';
import { MAX_EMBEDDING_ORIGINS, embeddingOriginSchema } from '../rules/origin.ts';

/**
 * Payout suppliers: `manual` and `corpay` collect bank details in Tern's own forms;
 * `payment-rails` shows the supplier's embedded payout widget instead (spec 1 §2).
 */
export const PAYOUT_SUPPLIERS = ['manual', 'corpay', 'payment-rails'] as const;
export type PayoutSupplier = (typeof PAYOUT_SUPPLIERS)[number];
/** The supplier whose own page, framed by the portal, collects bank details. */
export const PAYMENT_RAILS_SUPPLIER = 'payment-rails' satisfies PayoutSupplier;
/** `{SERVICE}-{PROVIDER}`; lower-cased it is the `{service-provider}` of required-fields calls. */
export const PAYOUT_PROVIDERS = ['BANK-MANUAL', 'BANK-CORPAY'] as const;
export type PayoutProvider = (typeof PAYOUT_PROVIDERS)[number];
/** Currencies the payout providers pay out in (ISO 4217). */
export const PAYOUT_CURRENCIES = ['CAD', 'GBP', 'EUR', 'USD'] as const;
export type PayoutCurrency = (typeof PAYOUT_CURRENCIES)[number];

/**
 * A parametric cover's terms, as its policy wording states them and its help content repeats
 * them: what every claim's offer deducts and is capped at (minor units of the payout
 * currency; a new claim's figures are these), and how long a power cut or road closure must
 * last to trigger a claim (minutes; the independent measurement is held to them outside Tern).
 */
export const claimTermsSchema = z.object({
  retention: z.int().min(0),
  applicableLimit: z.int().min(0),
  powerCutMinutes: z.int().min(1),
  roadClosureMinutes: z.int().min(1),
  /** Water at the premises from this many centimetres above floor level triggers a claim. */
  floodLevelCm: z.int().min(1).default(30),
  /** The broker and the claims handler a new claim is assigned to (issue 28). */
  broker: z.email().optional(),
  claimsHandler: z
    .object({
      firstname: z.string(),
      surname: z.string(),
      email: z.email(),
      mobilePhoneNumber: z.string().nullable().default(null),
    })
    .optional(),
});
export type ClaimTerms = z.infer<typeof claimTermsSchema>;

/**
 * Partner configuration flags with the defaults of spec 1 §9. A partner row stores only its
 * overrides; `partnerConfigSchema.parse(overrides)` gives the whole configuration.
 */
export const partnerConfigSchema = z
  .object({
    /** Parametric business-interruption configuration (items and claims). */
    parametric: z.boolean().default(false),
    /** Monitoring configuration ("owl"): identity monitoring of personal data. */
    owl: z.boolean().default(false),
    owlFeatures: z.array(z.string()).default(['PURCHASE']),
    /** What the monitoring configuration watches for this partner's customers (issue 29). */
    monitoring: z
      .object({
        /**
         * Whose identifier formats the item form accepts (a value valid in one of them) and
         * whose authorities the action plans name.
         */
        countries: z.array(z.enum(MONITORING_COUNTRIES)).min(1).default(['CA', 'US']),
        /** Overrides of MONITORED_TYPE_DEFAULTS' maxima, per data type (0 hides a type). */
        maxAllowed: z
          .partialRecord(z.enum(MONITORED_DATA_TYPES), z.int().min(0).max(50))
          .default({}),
        /**
         * The partner issues its customers' cards (a bank): a card's action plan offers to
         * order a replacement from the portal, which the partner's card team receives.
         */
        cardReissue: z.boolean().default(false),
      })
      .prefault({}),
    /**
     * The embeddable widget (issue 30): the origins of the partner's own pages that may frame
     * its panels, exactly (scheme, host, port). One list drives the panels'
     * `frame-ancestors`, the origins `postMessage` talks to and a widget token's audience;
     * empty, no page may embed the widget. The full portal is never framed by anyone.
     */
    widget: z
      .object({
        embeddingOrigins: z.array(embeddingOriginSchema).max(MAX_EMBEDDING_ORIGINS).default([]),
      })
      .prefault({}),
    /** Open the payout-method setup before a purchase when the user has none. */
    payoutMethodPrePurchase: z.boolean().default(false),
    advancedAccountPreferences: z.boolean().default(false),
    contactUs: z.boolean().default(false),
    loungeEntryRestriction: z.boolean().default(false),
    viewOtherLounges: z.boolean().default(false),
    resolutionOnly: z.boolean().default(false),
    includePolicy: z
      .object({
        luggage: z.boolean().default(false),
        flightCover: z.boolean().default(false),
        parametric: z.boolean().default(false),
      })
      .prefault({}),
    localization: z.boolean().default(true),
    selectPassengers: z.boolean().default(true),
    /**
     * Who may add passengers (spec 2 §6 "a configured rule of roles plus employee flag"):
     * holders of one of `roles`, and only employees when `employeesOnly`.
     */
    addPassengers: z
      .object({
        roles: z.array(z.enum(ROLES)).default([...ROLES]),
        employeesOnly: z.boolean().default(false),
      })
      .prefault({}),
    /** The languages the switcher offers: the interface's three unless the partner adds more. */
    languages: z
      .array(z.enum(TRANSLATION_LANGUAGES))
      .min(1)
      .default([...LANGUAGES]),
    defaultLocale: z.string().default('en-CA'),
    /** Where the partner's staff read support requests (a copy of each goes there). */
    supportEmail: z.email().optional(),
    productType: z.literal('travel').default('travel'),
    loginType: z.literal('STANDARD').default('STANDARD'),
    cookieConsent: z
      .object({ enabled: z.boolean().default(false), expiryDays: z.number().int().default(31) })
      .prefault({}),
    registration: z
      .object({
        mfa: z.boolean().default(true),
        mfaSkip: z.boolean().default(true),
        policyMandatory: z.boolean().default(true),
      })
      .prefault({}),
    /** Payout-service configuration (spec 1 §3 "Payout config", `GET /platform/payouts/config`). */
    payouts: z
      .object({
        /** Who pays out; null: the partner has no payout service (PAYOUT_SERVICE_NOT_CONFIGURED). */
        supplier: z.enum(PAYOUT_SUPPLIERS).nullable().default('manual'),
        /** One "set up" button per provider, in this order. */
        providers: z.array(z.enum(PAYOUT_PROVIDERS)).default(['BANK-MANUAL']),
        /** Where the partner pays out: bank lookups use the country, amounts the currency. */
        country: z
          .object({
            iso: z
              .string()
              .regex(/^[A-Z]{2}$/)
              .default('CA'),
            currency: z.enum(PAYOUT_CURRENCIES).default('CAD'),
          })
          .prefault({}),
        /**
         * Currencies a customer's account may be in besides the country's (an airline's
         * customers bank abroad; spec 2 §3 gives each insured a payout currency).
         */
        otherCurrencies: z.array(z.enum(PAYOUT_CURRENCIES)).default([]),
      })
      .prefault({}),
    /** What disruptions bring the insured (spec 2 §4.7): offers, amounts, the policy cap. */
    resolutions: resolutionsConfigSchema.prefault({}),
    /** The terms of a parametric partner's cover; absent where it sells none. */
    claimTerms: claimTermsSchema.optional(),
  })
  .meta({ id: 'PartnerConfig' });

export type PartnerConfig = z.infer<typeof partnerConfigSchema>;
export type PartnerConfigOverrides = z.input<typeof partnerConfigSchema>;

export { partnerMode, type PartnerMode } from './offers.ts';

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour');

export const paletteSchema = z
  .object({
    primary: color,
    secondary: color,
    background: color,
    paper: color,
    text: color,
    navbar: color,
  })
  .meta({ id: 'Palette' });

/** The seven images of a theme (spec 1 §3). Values are URLs. */
export const themeImageNames = [
  'logo',
  'smallLogo',
  'favicon',
  'navbarExtraLogo',
  'instructions',
  'loungeCard',
  'mainBackground',
] as const;
export type ThemeImageName = (typeof themeImageNames)[number];

export const themeImagesSchema = z
  .object(
    Object.fromEntries(themeImageNames.map((n) => [n, z.string()])) as Record<
      ThemeImageName,
      z.ZodString
    >,
  )
  .meta({ id: 'ThemeImages' });

export const fontPairSchema = z
  .object({ heading: z.enum(BUNDLED_FONTS), body: z.enum(BUNDLED_FONTS) })
  .meta({ id: 'FontPair' });

export const brandingSchema = z
  .object({
    name: z.string(),
    palette: paletteSchema,
    images: themeImagesSchema,
    /** Headings and body text; `DEFAULT_FONTS` when absent. */
    fonts: fontPairSchema.optional(),
  })
  .meta({ id: 'Branding' });
export type Branding = z.infer<typeof brandingSchema>;

/** `GET /themes/{theme}/config.json`. */
export const themeConfigSchema = z
  .object({
    theme: z.string(),
    branding: brandingSchema,
    config: partnerConfigSchema,
  })
  .meta({ id: 'ThemeConfig' });
export type ThemeConfig = z.infer<typeof themeConfigSchema>;

/** `GET /platform/client?domain={origin}` (spec 1 §3, Partner client record). */
export const clientRecordSchema = z
  .object({
    partnerId: z.string(),
    cmsBundle: z.string(),
    branding: brandingSchema,
  })
  .meta({ id: 'ClientRecord' });
export type ClientRecord = z.infer<typeof clientRecordSchema>;

export const clientQuerySchema = z.object({
  domain: z.string().min(1).max(255).describe('The origin the portal was opened on'),
});

/** A partner's id; also the name of its theme. Lower-case letters, digits and dashes. */
export const partnerIdSchema = z
  .string()
  .regex(new RegExp(`^[a-z0-9-]{1,${PARTNER_ID_MAX_LENGTH}}$`), 'validation.invalid')
  .describe('Partner id: lower-case letters, digits and dashes');

export const partnerPathSchema = z.object({ partnerId: partnerIdSchema });

export const themeParamsSchema = z.object({ theme: partnerIdSchema });

/** What the server injects into index.html for the browser (runtime configuration). */
export const runtimeConfigSchema = z.object({
  apiRoot: z.string(),
  apiKey: z.string(),
  partnerId: z.string(),
  theme: z.string(),
  buildNumber: z.string(),
  release: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** The baseline theme: used whenever a partner's theme cannot be loaded. */
export const baselineBranding: Branding = {
  name: 'Tern',
  palette: {
    primary: '#1f4e79',
    secondary: '#f2a900',
    background: '#f5f7fa',
    paper: '#ffffff',
    text: '#1a1a1a',
    navbar: '#1f4e79',
  },
  images: {
    logo: '/assets/baseline/logo.svg',
    smallLogo: '/assets/baseline/small-logo.svg',
    favicon: '/assets/baseline/favicon.svg',
    navbarExtraLogo: '/assets/baseline/navbar-extra-logo.svg',
    instructions: '/assets/baseline/instructions.svg',
    loungeCard: '/assets/baseline/lounge-card.svg',
    mainBackground: '/assets/baseline/main-background.svg',
  },
};
