import type { MonitoredDataType, MonitoringCountry } from '../constants.ts';

/**
 * The action plan of an alert (spec 1 §3 "Alert details and action list", issue 29): concrete
 * steps for what was exposed, naming the authorities of the country the item belongs to. Each
 * step is a key; the portal words it (`monitoring.actions.{key}.title` and `.body`) in every
 * language. Steps are fixed when the alert is raised, so ticking them off stays meaningful.
 */

/** A step the partner itself carries out when the subscriber asks from the portal. */
export const PARTNER_ACTIONS = ['card_order_replacement'] as const;
export type PartnerAction = (typeof PARTNER_ACTIONS)[number];

type Plan = {
  /** For every country. */
  steps: readonly string[];
  /** The country's own authorities. */
  byCountry?: Partial<Record<MonitoringCountry, readonly string[]>>;
};

const PLANS: Record<MonitoredDataType, Plan> = {
  CARD: {
    steps: ['card_freeze', 'card_review_transactions', 'card_dispute_charges', 'card_update_saved'],
  },
  OTHER_CARD: { steps: ['other_card_contact_issuer', 'other_card_review_activity'] },
  BANK_ACCOUNT: {
    steps: ['account_tell_bank', 'account_review_statements', 'account_beware_calls'],
    byCountry: {
      GB: ['account_gb_cifas'],
      CA: ['account_ca_credit_bureaus'],
      US: ['account_us_chexsystems'],
    },
  },
  IBAN: {
    steps: ['iban_tell_bank', 'iban_check_direct_debits', 'account_beware_calls'],
    byCountry: {
      ES: ['iban_es_sepa_refund'],
      FR: ['iban_fr_sepa_refund'],
      GB: ['account_gb_cifas'],
    },
  },
  EMAIL_ADDRESS: {
    steps: ['email_change_password', 'email_turn_on_mfa', 'email_beware_phishing'],
  },
  PHONE_NUMBER: {
    steps: ['phone_carrier_pin', 'phone_beware_smishing', 'phone_move_mfa_to_app'],
  },
  NATIONAL_ID: {
    steps: ['identity_watch_credit'],
    byCountry: {
      CA: ['national_id_ca_service_canada', 'national_id_ca_credit_alert'],
      US: ['national_id_us_ftc_report', 'national_id_us_credit_freeze'],
      GB: ['national_id_gb_hmrc', 'national_id_gb_cifas'],
      ES: ['national_id_es_policia_denuncia', 'national_id_es_renew_dni'],
      FR: ['national_id_fr_plainte', 'national_id_fr_ameli'],
    },
  },
  PASSPORT: {
    steps: ['passport_keep_evidence'],
    byCountry: {
      CA: ['passport_ca_report_ircc'],
      US: ['passport_us_report_ds64'],
      GB: ['passport_gb_report_hmpo'],
      ES: ['passport_es_report_policia'],
      FR: ['passport_fr_declare_ants'],
    },
  },
  DRIVING_LICENCE: {
    steps: ['licence_watch_fines'],
    byCountry: {
      CA: ['licence_ca_provincial_registry'],
      US: ['licence_us_dmv'],
      GB: ['licence_gb_dvla'],
      ES: ['licence_es_dgt'],
      FR: ['licence_fr_ants'],
    },
  },
  MEDICAL_ID: {
    steps: ['medical_review_statements'],
    byCountry: {
      CA: ['medical_ca_provincial_plan'],
      US: ['medical_us_insurer'],
      GB: ['medical_gb_nhs'],
      ES: ['medical_es_seguridad_social'],
      FR: ['medical_fr_ameli'],
    },
  },
};

/** Steps added when the breach also held passwords. */
const PASSWORD_STEPS = ['password_change_reused', 'password_manager'] as const;

/** Every step key a plan can hold (the portal has a text for each). */
export const ACTION_ITEMS = [
  ...new Set([
    ...Object.values(PLANS).flatMap((plan) => [
      ...plan.steps,
      ...Object.values(plan.byCountry ?? {}).flat(),
    ]),
    ...PASSWORD_STEPS,
    ...PARTNER_ACTIONS,
  ]),
];

/**
 * The steps of an alert on an item of `dataType` from `country` (null: the country is not
 * known, every country's steps are given), after a breach holding `dataClasses`; with
 * `cardReissue` (the partner issues the card) a card's plan starts with ordering a new one.
 */
export function actionPlan(
  dataType: MonitoredDataType,
  country: MonitoringCountry | null,
  options: {
    dataClasses: readonly string[];
    cardReissue: boolean;
    countries: readonly MonitoringCountry[];
  },
): string[] {
  const plan = PLANS[dataType];
  const local = country
    ? (plan.byCountry?.[country] ?? [])
    : options.countries.flatMap((c) => plan.byCountry?.[c] ?? []);
  const passwords = options.dataClasses.some((c) => c.toLowerCase() === 'passwords')
    ? PASSWORD_STEPS
    : [];
  const partner = dataType === 'CARD' && options.cardReissue ? PARTNER_ACTIONS : [];
  return [...new Set([...partner, ...local, ...plan.steps, ...passwords])];
}
