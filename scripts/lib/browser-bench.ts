import { existsSync, readFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../../apps/api/src/seed/demo-world.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_INDEX = new URL('../../apps/web/dist/index.html', import.meta.url);
const en = JSON.parse(
  readFileSync(new URL('../../packages/domain/src/i18n/texts/en.json', import.meta.url), 'utf8'),
) as { accounts: { sign_in: { title: string; email: string; password: string; submit: string } } };

/**
 * Runs `work` on a page of the demo partner's portal in Chromium, its demo customer signed in
 * as a person signs in (the benches that time an operator's change to what an open page
 * shows); answers what `work` answers, or why the browser could not be used.
 */
export async function inSignedInPage<T>(
  appUrl: string,
  partnerId: string,
  work: (page: Page, portal: string) => Promise<T>,
): Promise<T | string> {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}`;
  if (!existsSync(WEB_INDEX)) return 'the web app is not built: npm run build';
  const portal = appUrl.replace('127.0.0.1', `${partnerId}.localhost`);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    await page.goto(portal);
    const card = page.getByRole('region', { name: en.accounts.sign_in.title });
    await card.getByRole('textbox', { name: en.accounts.sign_in.email }).fill(demoEmail(partnerId));
    await card.getByLabel(en.accounts.sign_in.password, { exact: false }).fill(DEMO_PASSWORD);
    await card.getByRole('button', { name: en.accounts.sign_in.submit }).click();
    await page.waitForURL(/dashboard/);
    return await work(page, portal);
  } catch (error) {
    return `the browser did not see it: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    await browser.close();
  }
}
