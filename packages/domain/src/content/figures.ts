import {
  DELAY_THRESHOLD_MS,
  FILE_MAX_BYTES,
  FILES_PER_PERIOD,
  FRIENDLY_NAME_MAX,
  MINUTE_MS,
  NOTES_MAX,
  PAYOUT_DESCRIPTION_MAX,
  RECENT_SIGN_IN_MS,
} from '../constants.ts';
import { formatMoney, formatNumber } from '../i18n/format.ts';
import { isoLanguageOf, localeOfLanguage } from '../i18n/languages.ts';
import type { PartnerConfig } from '../partners/index.ts';
import { MONTREAL_BAGGAGE_LIMIT_SDR } from '../luggage/index.ts';
import {
  bagCashPlan,
  kindsOf,
  type ResolutionKind,
  type ResolutionOffer,
} from '../resolutions/index.ts';
import { MASK_EMAIL_VISIBLE, MASK_VISIBLE } from '../rules/mask.ts';
import { FLIGHT_MIN_NOTICE_MINUTES } from '../travel/index.ts';

/**
 * The figures help content may state (content/README.md "Figures"): a content file names
 * each one as a placeholder, `{{loungeFrom}}`, and the API fills it from the reading
 * partner's configuration or the domain's constants, formatted in the reader's language and
 * the partner's currency. A text can then never promise what the product does not pay.
 */

/**
 * What a figure counts, which decides how it is written: money (minor units of the partner's
 * payout currency), a duration (minutes), loyalty points, a plain count, a size (bytes).
 */
export type FigureKind = 'money' | 'minutes' | 'points' | 'count' | 'bytes';

interface Figure {
  kind: FigureKind;
  /** The figure for a partner; undefined where its configuration does not give it. */
  of: (config: PartnerConfig) => number | undefined;
}

/** The partner's offer answering `on` of `kind`: cash instead of a lounge when `dependency`. */
const offer = (
  config: PartnerConfig,
  on: ResolutionOffer['on'],
  kind: ResolutionKind,
  dependency?: ResolutionOffer['dependency'],
): ResolutionOffer | undefined =>
  config.resolutions.offers.find(
    (o) => o.on === on && kindsOf(o.type).includes(kind) && o.dependency === dependency,
  );
/** The cash-or-points offer answering `on` (not one standing in for a lounge or a hotel). */
const payout = (config: PartnerConfig, on: ResolutionOffer['on']) =>
  offer(config, on, 'CASH') ?? offer(config, on, 'POINTS');
const cashOf = (o: ResolutionOffer | undefined) =>
  o && kindsOf(o.type).includes('CASH') ? o.cashPerPassenger : undefined;
const pointsOf = (o: ResolutionOffer | undefined) =>
  o && kindsOf(o.type).includes('POINTS') ? o.pointsPerPassenger : undefined;

const constant = (kind: FigureKind, value: number): Figure => ({ kind, of: () => value });

/** Every placeholder a content file may use, and where its figure comes from. */
export const CONTENT_FIGURES = {
  // ── Travel: the partner's resolution rules (spec 2 §4.7), per insured passenger ──
  /** A lounge pass from a delay this long. */
  loungeFrom: { kind: 'minutes', of: (c) => offer(c, 'DELAY', 'LOUNGE')?.minDelayMinutes },
  /** Cash instead of a lounge not taken. */
  loungeCash: { kind: 'money', of: (c) => offer(c, 'DELAY', 'CASH', 'LOUNGE')?.cashPerPassenger },
  /** Cash or points from a delay this long… */
  cashFrom: { kind: 'minutes', of: (c) => payout(c, 'DELAY')?.minDelayMinutes },
  /** …this much cash… */
  delayCash: { kind: 'money', of: (c) => cashOf(payout(c, 'DELAY')) },
  /** …or this many points. */
  delayPoints: { kind: 'points', of: (c) => pointsOf(payout(c, 'DELAY')) },
  /** A hotel night from a delay this long. */
  hotelFrom: { kind: 'minutes', of: (c) => offer(c, 'DELAY', 'HOTEL')?.minDelayMinutes },
  /** The cash a cancellation brings… */
  cancellationCash: { kind: 'money', of: (c) => cashOf(payout(c, 'CANCELLATION')) },
  /** …or its points. */
  cancellationPoints: { kind: 'points', of: (c) => pointsOf(payout(c, 'CANCELLATION')) },
  /** The most cash one policy pays. */
  policyCap: {
    kind: 'money',
    of: (c) => (c.resolutions.policyCap > 0 ? c.resolutions.policyCap : undefined),
  },
  // ── Lost luggage: the partner's staged cash (issue 27 item 4), per bag ──
  /** A bag not delivered this long after its report brings its first cash… */
  bagCashFrom: {
    kind: 'minutes',
    of: (c) => {
      const first = bagCashPlan(c.resolutions.luggage)[0];
      return first && first.afterHours * 60;
    },
  },
  /** …this much… */
  bagCashFirst: { kind: 'money', of: (c) => bagCashPlan(c.resolutions.luggage)[0]?.amount },
  /** …and at most this much across its stages. */
  bagCashCap: {
    kind: 'money',
    of: (c) => (c.resolutions.luggage.capPerBag > 0 ? c.resolutions.luggage.capPerBag : undefined),
  },
  /** The airline's liability for a lost bag, per passenger (Montreal Convention), in SDR. */
  montrealLimit: constant('count', MONTREAL_BAGGAGE_LIMIT_SDR),
  // ── Travel: the domain's rules ──
  /** A flight is delayed when it leaves more than this late (spec 2 §9). */
  delayedAfter: constant('minutes', DELAY_THRESHOLD_MS / MINUTE_MS),
  /** Cover is bought at least this long before departure. */
  buyBefore: constant('minutes', FLIGHT_MIN_NOTICE_MINUTES),
  // ── Payouts ──
  /** A payout method changed from an older session asks for the password again. */
  recentSignIn: constant('minutes', RECENT_SIGN_IN_MS / MINUTE_MS),
  /** The longest description of a payout method. */
  payoutDescriptionMax: constant('count', PAYOUT_DESCRIPTION_MAX),
  // ── Parametric claims: the partner's cover terms ──
  retention: { kind: 'money', of: (c) => c.claimTerms?.retention },
  applicableLimit: { kind: 'money', of: (c) => c.claimTerms?.applicableLimit },
  powerCutFrom: { kind: 'minutes', of: (c) => c.claimTerms?.powerCutMinutes },
  roadClosureFrom: { kind: 'minutes', of: (c) => c.claimTerms?.roadClosureMinutes },
  // ── Parametric claims: a disagreement's limits (spec 2 §9) ──
  disputeNoteMax: constant('count', NOTES_MAX),
  disputeFilesMax: constant('count', FILES_PER_PERIOD),
  disputeFileSize: constant('bytes', FILE_MAX_BYTES),
  // ── Monitoring ──
  /** The longest description of a monitored item. */
  itemNameMax: constant('count', FRIENDLY_NAME_MAX),
  /** The last characters a masked number shows… */
  maskedTail: constant('count', MASK_VISIBLE),
  /** …and the first ones of a masked email address. */
  maskedEmailHead: constant('count', MASK_EMAIL_VISIBLE),
} as const satisfies Record<string, Figure>;

export type FigureName = keyof typeof CONTENT_FIGURES;
export const isFigureName = (name: string): name is FigureName =>
  Object.hasOwn(CONTENT_FIGURES, name);

/** A placeholder: `{{name}}`, the name exactly as CONTENT_FIGURES spells it. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/**
 * The placeholders of a text that name no figure, as written (`{{cashPerPassenger}}`), and a
 * `{{` or `}}` that opens or closes none.
 */
export function unknownPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)]
    .filter((match) => !isFigureName(match[1]!))
    .map((match) => match[0]);
  const rest = text.replace(PLACEHOLDER, '');
  const stray = rest.match(/\{\{|\}\}/g) ?? [];
  return [...new Set([...unknown, ...stray])];
}

/** The figures a text names. */
export const placeholdersIn = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);

const MEBIBYTE = 1024 * 1024;

/** A duration in the language: 60 minutes, 3 Stunden, 1 h 30 as "1 hour, 30 minutes". */
function formatMinutes(minutes: number, locale: string): string {
  const unit = (name: 'minute' | 'hour' | 'day', value: number) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  if (minutes < 60) return unit('minute', minutes);
  if (minutes >= 48 * 60 && minutes % (24 * 60) === 0) return unit('day', minutes / (24 * 60));
  if (minutes % 60 === 0) return unit('hour', minutes / 60);
  return new Intl.ListFormat(locale, { type: 'unit', style: 'long' }).format([
    unit('hour', Math.floor(minutes / 60)),
    unit('minute', minutes % 60),
  ]);
}

/** A figure written for readers of `locale`, money in `currency`. */
export function formatFigure(
  kind: FigureKind,
  value: number,
  locale: string,
  currency: string,
): string {
  switch (kind) {
    case 'money':
      // Whole amounts read as promised (CA$150), others with their cents.
      return formatMoney(value, currency, locale, { whole: 'if-exact' });
    case 'minutes':
      return formatMinutes(value, locale);
    case 'bytes':
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: 'megabyte',
        maximumFractionDigits: 1,
      }).format(value / MEBIBYTE);
    case 'points':
    case 'count':
      return formatNumber(value, locale);
  }
}

/** Written figures by name; a figure the partner's configuration does not give is absent. */
export type FilledFigures = Partial<Record<FigureName, string>>;

/**
 * Every figure of a partner written for a reader: `language` is the one asked, `textLanguage`
 * the one the text is in. Figures follow the reader's formats while the text is in their
 * language or its standard one (Mexican readers of Spanish text: es-MX); an English text
 * answered in place of a missing one keeps English formats, as its words are English.
 */
export function figuresFor(
  config: PartnerConfig,
  language: string,
  textLanguage: string = language,
): FilledFigures {
  const locale = localeOfLanguage(
    isoLanguageOf(language) === isoLanguageOf(textLanguage) ? language : textLanguage,
  );
  const currency = config.payouts.country.currency;
  const filled: FilledFigures = {};
  for (const [name, figure] of Object.entries(CONTENT_FIGURES) as [FigureName, Figure][]) {
    const value = figure.of(config);
    if (value !== undefined) filled[name] = formatFigure(figure.kind, value, locale, currency);
  }
  return filled;
}

/** `text` with its placeholders filled; one the figures do not give is left as written. */
export const fillFigures = (text: string, figures: FilledFigures): string =>
  text.replace(PLACEHOLDER, (placeholder, name: string) =>
    isFigureName(name) ? (figures[name] ?? placeholder) : placeholder,
  );
