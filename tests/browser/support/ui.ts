import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './axe.js';
import { saveScreenshot } from './screenshots.js';

/** One person using the application: their own browser context (cookies) and page. */
export interface Visitor {
  context: BrowserContext;
  page: Page;
  /** Opens a path of the application and waits for its heading. */
  open(path: string): Promise<void>;
  /**
   * Checks the screen with axe-core; saves its screenshot under `name` when it fails, or in every
   * case with SCREENSHOTS=1 (support/screenshots.ts).
   */
  check(name: string): Promise<void>;
  close(): Promise<void>;
}

/** The screens checked so far: a suite can assert it saw every one it meant to. */
export const checkedScreens: string[] = [];

/** Waits until the screen shows its content: a level-one heading, and no placeholder left. */
export async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

/**
 * A visitor in a fresh context of the shared browser. The app's CSP forbids inline scripts and
 * axe-core is injected as one, so the context bypasses CSP (the app's own pages run unchanged).
 */
export async function visitor(
  browser: Browser,
  base: string,
  prefix: string,
  viewport = { width: 1280, height: 900 },
): Promise<Visitor> {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  // A step that does not happen fails in seconds, not after the whole test's time.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return {
    context,
    page,
    open: async (path) => {
      await page.goto(base + path);
      await settled(page);
    },
    check: async (name) => {
      await settled(page);
      const violations = await axeViolations(page);
      await saveScreenshot(page, `${prefix}-${name}`, violations.length > 0);
      expect(violations, `axe on ${name}`).toEqual([]);
      checkedScreens.push(`${prefix}-${name}`);
    },
    close: () => context.close(),
  };
}

/** A text input, text area or password by its label (required ones carry a hidden asterisk). */
export const box = (page: Page, name: string): Locator =>
  page.getByRole('textbox', { name, exact: true });

/** The application's main navigation links, as the header shows them. */
export async function navigation(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  if ((await nav.count()) === 0) return [];
  return (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
}

/** Signs in through the sign-in screen and waits for the user's menu. */
export async function signIn(v: Visitor, email: string, password: string, name: string) {
  await v.open('/sign-in');
  await box(v.page, 'Email').fill(email);
  await box(v.page, 'Password').fill(password);
  await v.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await v.page.getByRole('button', { name, exact: true }).waitFor();
  await settled(v.page);
}

/** Takes a lifecycle action from a detail screen, confirming it in its dialog. */
export async function takeAction(
  page: Page,
  action: string,
  fill?: (dialog: Locator) => Promise<void>,
) {
  await page.getByRole('button', { name: action, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: action, exact: true }).click();
}

/** The text of the detail screen's history timeline. */
export async function historyText(page: Page): Promise<string> {
  const history = page.getByRole('region', { name: 'History' });
  await history.waitFor();
  return (await history.textContent()) ?? '';
}

/**
 * Waits until `where` shows `text`. A screen's heading can come before its list or related rows
 * (each its own request), so reading the text once right after the heading is a race.
 */
export async function showsText(where: Locator, text: string): Promise<void> {
  await expect
    .poll(async () => (await where.textContent()) ?? '', { timeout: 10_000 })
    .toContain(text);
}

/** The state badge next to a record's title. */
export async function stateOf(page: Page): Promise<string> {
  return ((await page.locator('h1 + .mantine-Badge-root').textContent()) ?? '').trim();
}

/**
 * The API writes (anything but GET) the page sends from now on, as `METHOD /path`: a form that
 * catches a mistake itself sends none.
 */
export function apiWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() !== 'GET')
      writes.push(`${request.method()} ${url.pathname}`);
  });
  return writes;
}

/** The error shown under an input, by the input's label: the one its aria-describedby names. */
export async function fieldError(page: Page, label: string): Promise<string> {
  // Any input (dates too, which are not textboxes); a required one's label ends in an asterisk.
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const input = page.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/);
  const error = ids.find((id) => id.endsWith('-error'));
  return error ? ((await page.locator(`[id="${error}"]`).textContent()) ?? '').trim() : '';
}

/**
 * Runs `during` while the answers of the requests matching `url` are held, so a test can look at
 * the screen in the state it shows while it waits; then lets them through and removes every
 * route of the page (a test that holds answers sets no other routes).
 */
export async function whileHeld(page: Page, url: RegExp, during: () => Promise<void>) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await during();
  } finally {
    release();
    // A handler still holding a request is not waited for, and its late error is ignored.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
}
