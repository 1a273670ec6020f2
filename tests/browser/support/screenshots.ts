import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Screenshots go here (gitignored), for people to look at after a run. */
export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../../test-results/screenshots/', import.meta.url),
);

/**
 * Whether this run saves a screenshot of every checked screen (`SCREENSHOTS=1 npm run
 * test:browser`). A full-page screenshot cost about a second per screen under load, some 150 s
 * of the suite, and nothing asserts on it: by default only a screen that fails its check is
 * saved, for the person reading the failure.
 */
export const SCREENSHOTS_WANTED = process.env.SCREENSHOTS === '1';

/** The path for a named screenshot, creating the folder on first use. */
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return `${SCREENSHOT_DIR}${name}.png`;
}

/** Saves the whole page, from its top, under `name`: always when `failed`, else when wanted. */
export async function saveScreenshot(page: Page, name: string, failed = false): Promise<void> {
  if (!failed && !SCREENSHOTS_WANTED) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}
