import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { launchChromium } from './support/chromium.js';
import { saveScreenshot } from './support/screenshots.js';
import { serveSpec, type ServedSpec } from './support/serve-spec.js';

const SEED = fileURLToPath(new URL('../../examples/unspecified.spec.md', import.meta.url));

/** Each section's own sentence, read from the raw file (independently of the spec reader). */
function seedSentences(): string[] {
  const text = readFileSync(SEED, 'utf8');
  return [...text.matchAll(/^## \d\. .*\n+(.+)$/gm)].map((m) => m[1]!.trim());
}

describe('the seed specification in the browser', () => {
  let served: ServedSpec;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    served = await serveSpec(SEED);
    browser = await launchChromium();
    // The app's CSP forbids inline scripts; axe-core is injected as one, so the test bypasses it.
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await page.goto(served.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it('names the application from the title of its specification', async () => {
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Web application with an unidentified purpose',
    );
    await expect(page.title()).resolves.toBe('Web application with an unidentified purpose');
    await expect(page.locator('main header').textContent()).resolves.toContain(
      'From the specification “Specification: web application with an unidentified purpose”',
    );
  });

  it('says the purpose is not specified, in the specification’s own words', async () => {
    const header = await page.locator('main header').textContent();
    expect(header).toContain('is not specified yet');
    expect(header).toContain('The purpose and the audience of the product are not shown.');
    expect(header).toContain('0 of 9 points specified');
  });

  it('shows the nine points, each not specified yet, with its own sentence', async () => {
    const sentences = seedSentences();
    expect(sentences).toHaveLength(9);
    const cards = page.getByRole('article');
    await expect(cards.count()).resolves.toBe(9);
    for (let i = 0; i < 9; i++) {
      const card = cards.nth(i);
      const text = (await card.textContent()) ?? '';
      expect(text).toContain('Not specified yet');
      expect(text).toContain(sentences[i]);
      await expect(card.getAttribute('data-status')).resolves.toBe('unspecified');
    }
    await saveScreenshot(page, 'seed-overview');
  });

  it('has no accessibility violations, in the light and the dark theme', async () => {
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use the dark theme' }).click();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(
      'dark',
    );
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'seed-overview-dark');
  });

  it('fits a phone’s width without sideways scrolling', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true });
    await phone.goto(served.url);
    await phone.getByRole('heading', { level: 1 }).waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(phone, 'seed-overview-phone');
    await phone.close();
  });

  it('answers an unknown route with a friendly page', async () => {
    await page.goto(`${served.url}/no/such/page`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'This page does not exist',
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});
