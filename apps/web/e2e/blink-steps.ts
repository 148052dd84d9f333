import { expect, type FrameLocator, type Page } from '@playwright/test';
import { fill, locale } from './journey.ts';

/**
 * Blink it (spec 2 §2.3) as a person goes through it, on the portal's page or inside a widget
 * panel's frame on a partner's page: the same dialogs either way.
 */
type Screen = Page | FrameLocator;
const tr = locale.travel;

/** Blink it, the trip type, then Next (the policy is the user's first). */
export async function startBlink(page: Screen, type: 'single' | 'return' | 'multi') {
  await page.getByRole('button', { name: tr.insurances.blink_it }).click();
  const start = page.getByRole('dialog', { name: tr.add.title });
  await start.getByRole('radio', { name: tr.trip_types[type] }).check();
  await start.getByRole('button', { name: tr.add.next }).click();
}

export async function findFlight(page: Screen, flightNumber: string, date: string) {
  const wizard = page.getByRole('dialog', { name: tr.flight_wizard.title });
  await wizard.getByRole('textbox', { name: tr.flight_wizard.flight_number }).fill(flightNumber);
  await wizard.getByLabel(tr.flight_wizard.date).fill(date);
  await wizard.getByRole('button', { name: tr.flight_wizard.find }).click();
}

/** The passengers page of the complete-trip wizard: tick these (besides the holder), Next. */
export async function choosePassengers(page: Screen, names: string[]) {
  const who = page.getByRole('dialog', { name: tr.complete.passengers_title });
  for (const name of names) await who.getByRole('checkbox', { name }).check();
  await who.getByRole('button', { name: tr.complete.next }).click();
}

export async function confirmAndBlink(page: Screen, { readTerms = false } = {}) {
  const confirm = page.getByRole('dialog', { name: tr.complete.confirm_title });
  const accept = confirm.getByRole('checkbox', { name: fill(tr.complete.tob, {}) });
  if (readTerms) {
    // The terms open in a tab of their own; the wizard stays as it was, the box unticked.
    if (!('context' in page)) throw new Error('The terms open in a tab: a page, not a frame');
    const [terms] = await Promise.all([
      page.context().waitForEvent('page'),
      confirm
        .getByRole('link', { name: tr.complete.tob.match(/<terms>(.*)<\/terms>/)![1] })
        .click(),
    ]);
    await expect(terms).toHaveURL(/\/help\/terms$/);
    await expect(terms.getByRole('heading', { level: 1 })).toBeVisible();
    await terms.close();
    await expect(accept).not.toBeChecked();
  }
  await accept.check();
  await confirm.getByRole('button', { name: tr.complete.blink }).click();
  const done = page.getByRole('dialog', { name: tr.complete.blinked_title });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: tr.complete.close }).click();
}
