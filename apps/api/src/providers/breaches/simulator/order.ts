import {
  MONITORED_DATA_TYPES,
  MONITORING_COUNTRIES,
  checkMonitoredValue,
  type MonitoredDataType,
} from '@tern/domain';
import type { BreachRecord } from '../port.ts';
import { DATA_CLASS_OF_TYPE } from './corpus.ts';
import type { PlantedBreach } from './index.ts';

/** The operator's words for a planted breach (`npm run sim -- breach add …`), as typed. */
export interface BreachOrder {
  type: string | undefined;
  value: string | undefined;
  name: string | undefined;
  title: string | undefined;
  domain: string | undefined;
  /** Comma-separated data classes: "Email addresses,Passwords". */
  classes: string | undefined;
  /** The breach date, YYYY-MM-DD. */
  date: string | undefined;
  unverified: boolean;
  fabricated: boolean;
  spamList: boolean;
  sensitive: boolean;
}

/** HIBP's names: a camel-cased key of letters and digits (a dot, dash or underscore allowed). */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TITLE_MAX = 200;
const CLASS_MAX = 100;
const CLASSES_MAX = 30;

/** A host name as a URL would hold it (`exampleshop.example`), with at least one dot. */
function isDomain(text: string): boolean {
  try {
    return text.includes('.') && new URL(`http://${text}`).hostname === text.toLowerCase();
  } catch {
    return false;
  }
}

const monthOf = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/**
 * The breach and record an operator's order describes, or why it is refused: a type of
 * MONITORED_DATA_TYPES and a value the portal would accept for it (the same check, so that a
 * planted record can match a monitored item), a breach name, and optionally its title, domain,
 * data classes, breach date (today when left out) and flags (verified unless `--unverified`).
 * A reason never holds the value typed.
 */
export function breachFromOrder(
  order: BreachOrder,
  now: Date,
): { ok: true; facts: PlantedBreach; record: BreachRecord } | { ok: false; reason: string } {
  const type = MONITORED_DATA_TYPES.find((t) => t === order.type?.trim().toUpperCase());
  if (!type) return { ok: false, reason: `--type is one of ${MONITORED_DATA_TYPES.join(', ')}` };
  const value = order.value?.trim() ?? '';
  const refused = checkMonitoredValue(type, value, MONITORING_COUNTRIES);
  if (refused)
    return {
      ok: false,
      reason: value
        ? `--value is not a valid ${type}: the portal would refuse it (${refused})`
        : `--value is required: the ${type} to plant`,
    };
  const name = order.name?.trim() ?? '';
  if (!NAME.test(name))
    return {
      ok: false,
      reason:
        '--name is the breach key: letters and digits (a dot, dash or underscore inside), at most 64, like ExampleShop',
    };
  const title = order.title?.trim() || name;
  if (title.length > TITLE_MAX)
    return { ok: false, reason: `--title has at most ${TITLE_MAX} characters` };
  const domain = order.domain?.trim().toLowerCase() ?? '';
  if (domain && !isDomain(domain))
    return {
      ok: false,
      reason: `--domain is a host name, like exampleshop.example: not ${domain}`,
    };
  const given = (order.classes ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (given.length > CLASSES_MAX || given.some((c) => c.length > CLASS_MAX))
    return {
      ok: false,
      reason: `--classes lists at most ${CLASSES_MAX} data classes of at most ${CLASS_MAX} characters, comma-separated`,
    };
  const breachDate = order.date?.trim() || now.toISOString().slice(0, 10);
  // A day the month does not have (Feb 30) is refused, not rolled over into the next.
  if (
    !DATE.test(breachDate) ||
    Number.isNaN(Date.parse(breachDate)) ||
    new Date(`${breachDate}T00:00:00Z`).toISOString().slice(0, 10) !== breachDate
  )
    return { ok: false, reason: `--date is a day, YYYY-MM-DD: not ${breachDate}` };
  const dataClasses = withTypeClass(given, type);
  return {
    ok: true,
    facts: {
      name,
      title,
      domain,
      breachDate,
      dataClasses,
      description: `In ${monthOf(breachDate)}, ${title} suffered a data breach exposing ${dataClasses.map((c) => c.toLowerCase()).join(', ')}. Planted by the operator of the simulated breach source.`,
      isVerified: !order.unverified,
      isFabricated: order.fabricated,
      isSpamList: order.spamList,
      isSensitive: order.sensitive,
    },
    record: { dataType: type, value },
  };
}

/** The classes given, the record type's added when missing (case ignored), without repeats. */
function withTypeClass(given: string[], type: MonitoredDataType): string[] {
  const seen = new Set<string>();
  const classes: string[] = [];
  for (const c of [...given, DATA_CLASS_OF_TYPE[type]]) {
    if (seen.has(c.toLowerCase())) continue;
    seen.add(c.toLowerCase());
    classes.push(c);
  }
  return classes.sort((a, b) => a.localeCompare(b, 'en'));
}
