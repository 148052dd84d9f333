import { expect, type Locator, type Page } from '@playwright/test';
import { greeting, locale, type Texts } from './journey.ts';

/**
 * A person who uses only the keyboard: Tab and Shift+Tab from control to control, Enter and
 * Space to act, arrows inside a group or a menu, Escape to close. Every stop's focus must show;
 * the keyboard journeys (keyboard.spec.ts, and the last journey of luggage.spec.ts and
 * claims.spec.ts) go through the portal with these alone after their first page load.
 */

const NOTHING = 'no focus: nothing has it';

/**
 * How the focused element shows its focus, or why it shows none: its own outline (a link, a
 * native select, MUI's buttons with the theme's focus ring, on the control or on the MUI
 * button that wraps a hidden checkbox or radio), or a text field's thickened border.
 */
async function focusIndicator(page: Page): Promise<string> {
  return page.evaluate((nothing) => {
    const element = document.activeElement;
    if (!element || element === document.body) return nothing;
    const name = `${element.tagName.toLowerCase()} "${
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent?.trim().slice(0, 60)
    }"`;
    // The field's border thickens while the field has the focus, whatever the input inside is
    // showing (a date input's own parts, its calendar button).
    const field = element.closest('.MuiInputBase-root');
    if (field?.classList.contains('Mui-focused')) {
      const border = field.querySelector(':scope > fieldset');
      if (border && parseFloat(getComputedStyle(border).borderTopWidth) >= 2)
        return `${name}: the field's border`;
    }
    if (!element.matches(':focus-visible')) return `no focus: ${name} is not :focus-visible`;
    const ringed = (candidate: Element | null) => {
      if (!candidate) return false;
      const style = getComputedStyle(candidate);
      return (
        style.opacity !== '0' &&
        style.visibility !== 'hidden' &&
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 1
      );
    };
    if (ringed(element)) return `${name}: its outline`;
    const button = element.closest('.MuiButtonBase-root');
    if (button?.classList.contains('Mui-focusVisible') && ringed(button))
      return `${name}: its button's outline`;
    // A hidden radio drawn as its label (a swatch): the label rings while it holds the focus.
    if (ringed(element.closest('label'))) return `${name}: its label's outline`;
    return `no focus: ${name} shows none (${element.outerHTML.slice(0, 160)})`;
  }, NOTHING);
}

/** The focus shows where it is. */
export async function expectFocusVisible(page: Page) {
  expect(await focusIndicator(page)).not.toMatch(/^no focus/);
}

/**
 * Tab (or Shift+Tab) until `target` has the focus, at most `limit` times, each stop's focus
 * showing: a control that takes more presses than a person would try, or none, fails.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { back = false, limit = 20 }: { back?: boolean; limit?: number } = {},
) {
  await expect(target).toBeVisible();
  const stops: string[] = [];
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const indicator = await focusIndicator(page);
    stops.push(indicator);
    // Past the page's last (or first) control the browser's own bar has the focus; the next
    // press wraps round.
    const wrapped = indicator === NOTHING && stops.at(-2) !== NOTHING;
    if (!wrapped)
      expect(indicator, `stop ${presses} on the way to ${target.toString()}`).not.toMatch(
        /^no focus/,
      );
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(
    `${target.toString()} not reached in ${limit} presses; the stops:\n${stops.join('\n')}`,
  );
}

/** Arrow keys (a menu, a list of options) until `target` has the focus. */
export async function arrowTo(page: Page, target: Locator, key = 'ArrowDown', limit = 12) {
  for (let presses = 1; presses <= limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused({ timeout: 1_000 });
}

/** The focus is inside `container` (a dialog just opened, a menu). */
export const expectFocusInside = (container: Locator) =>
  expect
    .poll(() => container.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);

/** Selects a field's text and types over it. */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/**
 * From a page just loaded, signed out: Tab to the sign-in card's email, type it, Tab to the
 * password, type it, Enter; the dashboard greets the person with the focus on its content.
 */
export async function signInByKeyboard(
  page: Page,
  person: { email: string; firstName: string },
  password: string,
  l: Texts = locale,
) {
  const card = page.getByRole('region', { name: l.accounts.sign_in.title });
  await tabTo(page, card.getByRole('textbox', { name: l.accounts.sign_in.email }));
  await page.keyboard.type(person.email);
  await page.keyboard.press('Tab');
  await expect(card.getByLabel(l.accounts.sign_in.password, { exact: false })).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(greeting(page, person.firstName, l)).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();
}

/** Tab to a link of the navigation in the header and follow it. */
export async function followNavLink(page: Page, name: string, l: Texts = locale) {
  const nav = page.getByRole('banner').getByRole('navigation', { name: l.nav.label });
  const link = nav.getByRole('link', { name });
  await tabTo(page, link, { back: true, limit: 30 });
  await page.keyboard.press('Enter');
  await expect(link).toHaveAttribute('aria-current', 'page');
}
