import {
  MONITORED_DATA_CATEGORIES,
  MONITORED_DATA_TYPES,
  TRANSLATION_LANGUAGES,
} from '@tern/domain/constants';
import { readTexts, textKeys } from '@tern/domain/i18n/catalogue';
import { ACTION_ITEMS } from '@tern/domain/monitoring/action-plans';
import { ALERT_DISMISSAL_REASONS } from '@tern/domain/monitoring/schemas';
import { ALERT_SEVERITIES, SEVERITY_REASONS } from '@tern/domain/monitoring/severity';
import { describe, expect, it } from 'vitest';

/** Every key the monitoring pages build from the domain's lists. */
const needed = [
  ...ACTION_ITEMS.flatMap((item) => [`actions.${item}.title`, `actions.${item}.body`]),
  ...SEVERITY_REASONS.map((reason) => `severity.reasons.${reason}`),
  ...ALERT_SEVERITIES.map((level) => `severity.levels.${level}`),
  ...ALERT_DISMISSAL_REASONS.map((reason) => `dismiss.reasons.${reason}`),
  ...MONITORED_DATA_CATEGORIES.map((category) => `categories.${category}`),
  ...MONITORED_DATA_TYPES.flatMap((type) => [
    `types.${type}.label`,
    `types.${type}.add`,
    `types.${type}.value`,
    // A card's number is typed in the card vault's frame, which says what to type.
    ...(type === 'CARD' ? [] : [`types.${type}.hint`]),
  ]),
];

describe('the monitoring texts', () => {
  it.each(TRANSLATION_LANGUAGES)(
    'word every step, reason, level, type and category of the domain in %s',
    (language) => {
      const keys = textKeys(readTexts(language).monitoring ?? {});
      expect(needed.filter((key) => !keys.includes(key))).toEqual([]);
    },
  );

  it('name the authorities of each country in its own steps', () => {
    const actions = readTexts('en').monitoring?.actions as Record<string, { body: string }>;
    expect(actions.passport_gb_report_hmpo?.body).toMatch(/GOV\.UK.*HM Passport Office/);
    expect(actions.passport_ca_report_ircc?.body).toMatch(
      /Immigration, Refugees and Citizenship Canada/,
    );
    expect(actions.passport_us_report_ds64?.body).toMatch(/DS-64/);
    expect(actions.passport_es_report_policia?.body).toMatch(/Policía Nacional/);
    expect(actions.passport_fr_declare_ants?.body).toMatch(/ANTS/);
  });
});
