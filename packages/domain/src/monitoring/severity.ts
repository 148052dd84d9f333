import type { MonitoredDataType } from '../constants.ts';

/**
 * How bad an alert is (issue 29): what was exposed, with what. A card number with its expiry or
 * security code can be spent at once; an email address in a spam list costs some junk mail.
 * The level orders the alert list; the reasons say why, in words the portal translates
 * (`monitoring.severity.reasons.{code}`).
 */
export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const SEVERITY_REASONS = [
  'card_with_expiry_or_code',
  'card_number',
  'identity_with_birth_date',
  'identity_number',
  'account_number',
  'password_exposed',
  'health_data',
  'contact_with_personal_details',
  'contact_only',
  'unverified_breach',
  'fabricated_breach',
  'spam_list',
  'sensitive_breach',
] as const;
export type SeverityReason = (typeof SEVERITY_REASONS)[number];

/** What a breach source says about a breach (Have I Been Pwned's fields). */
export interface BreachFacts {
  dataClasses: readonly string[];
  isVerified: boolean;
  isFabricated: boolean;
  isSpamList: boolean;
  isSensitive: boolean;
}

/** Data classes by what they are, as Have I Been Pwned names them (case ignored). */
const has = (classes: readonly string[], ...names: string[]) =>
  classes.some((c) => names.includes(c.toLowerCase()));
const CARD_EXTRAS = ['credit card cvv', 'partial credit card data', 'credit card expiry'];
const BIRTH = ['dates of birth', 'ages'];
const PERSONAL = ['names', 'physical addresses', 'dates of birth', 'genders', 'usernames'];
const PASSWORDS = ['passwords', 'password hints', 'security questions and answers'];
const HEALTH = ['health insurance information', 'medical records', 'medical conditions'];

const IDENTITY: readonly MonitoredDataType[] = [
  'NATIONAL_ID',
  'PASSPORT',
  'DRIVING_LICENCE',
  'MEDICAL_ID',
];
const ACCOUNTS: readonly MonitoredDataType[] = ['BANK_ACCOUNT', 'IBAN'];

const SCORE: Record<AlertSeverity, number> = { critical: 90, high: 70, medium: 45, low: 20 };
const levelOf = (score: number): AlertSeverity =>
  score >= SCORE.critical
    ? 'critical'
    : score >= SCORE.high
      ? 'high'
      : score >= SCORE.medium
        ? 'medium'
        : 'low';

export interface Severity {
  level: AlertSeverity;
  /** 0–100: orders alerts of one level (the higher, the sooner to act on). */
  score: number;
  reasons: SeverityReason[];
}

/** The severity of an item of `dataType` found in a breach with these facts. */
export function alertSeverity(dataType: MonitoredDataType, breach: BreachFacts): Severity {
  const classes = breach.dataClasses;
  const reasons: SeverityReason[] = [];
  let score: number;
  if (dataType === 'CARD' || dataType === 'OTHER_CARD') {
    const spendable = dataType === 'CARD' && has(classes, ...CARD_EXTRAS);
    score = spendable ? 95 : dataType === 'CARD' ? 75 : 45;
    reasons.push(spendable ? 'card_with_expiry_or_code' : 'card_number');
  } else if (IDENTITY.includes(dataType)) {
    const withBirth = has(classes, ...BIRTH);
    score = withBirth ? 92 : 72;
    reasons.push(withBirth ? 'identity_with_birth_date' : 'identity_number');
    if (dataType === 'MEDICAL_ID' && has(classes, ...HEALTH)) reasons.push('health_data');
  } else if (ACCOUNTS.includes(dataType)) {
    score = has(classes, 'names', 'physical addresses') ? 85 : 70;
    reasons.push('account_number');
  } else if (has(classes, ...PASSWORDS)) {
    score = 74;
    reasons.push('password_exposed');
  } else if (has(classes, ...PERSONAL)) {
    score = 50;
    reasons.push('contact_with_personal_details');
  } else {
    score = 30;
    reasons.push('contact_only');
  }
  if (breach.isSensitive) {
    score += 3;
    reasons.push('sensitive_breach');
  }
  // Doubtful breaches are shown as such, never hidden: they rank below the certain ones.
  if (breach.isFabricated) {
    score = Math.min(score, 15);
    reasons.push('fabricated_breach');
  } else if (breach.isSpamList) {
    score = Math.min(score, 20);
    reasons.push('spam_list');
  } else if (!breach.isVerified) {
    score -= 25;
    reasons.push('unverified_breach');
  }
  score = Math.max(0, Math.min(100, score));
  return { level: levelOf(score), score, reasons };
}

/** Most severe first, then the newest. */
export const bySeverity = <T extends { severity: { score: number }; detectedOn: string }>(
  a: T,
  b: T,
): number => b.severity.score - a.severity.score || b.detectedOn.localeCompare(a.detectedOn);
