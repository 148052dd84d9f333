import { describe, expect, it } from 'vitest';
import { ACTION_ITEMS, actionPlan } from './action-plans.ts';

const options = {
  dataClasses: ['Email addresses'],
  cardReissue: false,
  countries: ['GB', 'ES'] as const,
};

describe('action plans (issue 29)', () => {
  it("names the item's own country's authorities", () => {
    expect(actionPlan('PASSPORT', 'GB', options)).toEqual([
      'passport_gb_report_hmpo',
      'passport_keep_evidence',
    ]);
    expect(actionPlan('NATIONAL_ID', 'ES', options)).toContain('national_id_es_policia_denuncia');
  });

  it("gives every partner country's steps when the item's country is not known", () => {
    const steps = actionPlan('PASSPORT', null, options);
    expect(steps).toContain('passport_gb_report_hmpo');
    expect(steps).toContain('passport_es_report_policia');
    expect(steps).not.toContain('passport_us_report_ds64');
  });

  it('adds the password steps when the breach held passwords', () => {
    const steps = actionPlan('EMAIL_ADDRESS', null, { ...options, dataClasses: ['Passwords'] });
    expect(steps).toContain('password_change_reused');
    expect(actionPlan('EMAIL_ADDRESS', null, options)).not.toContain('password_change_reused');
  });

  it('starts a card plan with a replacement only where the partner issues cards', () => {
    expect(actionPlan('CARD', null, { ...options, cardReissue: true })[0]).toBe(
      'card_order_replacement',
    );
    expect(actionPlan('CARD', null, options)).not.toContain('card_order_replacement');
    expect(actionPlan('IBAN', null, { ...options, cardReissue: true })).not.toContain(
      'card_order_replacement',
    );
  });

  it('lists every step once', () => {
    expect(new Set(ACTION_ITEMS).size).toBe(ACTION_ITEMS.length);
    expect(ACTION_ITEMS).toContain('card_order_replacement');
  });
});
