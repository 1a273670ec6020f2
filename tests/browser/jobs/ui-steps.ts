import type { Locator, Page } from 'playwright-core';
import type { ApiWatch, ApiWrite } from './api-watch.js';
import { settled } from '../support/ui.js';

/** What pressing a button came to: the server's answer to the write it sent, or what stopped it. */
export type Outcome = { ok: true; write: ApiWrite } | { ok: false; why: string };

const problemsShown = (scope: Locator) =>
  scope.evaluate((root) => {
    const invalid = Array.from(root.querySelectorAll('[aria-invalid="true"]')).map((input) => {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/);
      const error = ids
        .map((id: string) => document.getElementById(id))
        .find((e: HTMLElement | null) => e?.id.endsWith('-error'));
      const label = input.id ? document.querySelector(`label[for="${input.id}"]`) : null;
      return `${label?.textContent ?? input.getAttribute('name') ?? 'a field'}: ${error?.textContent ?? 'invalid'}`;
    });
    const alerts = Array.from(root.querySelectorAll('[role="alert"]')).map(
      (a) => a.textContent ?? '',
    );
    return [...invalid, ...alerts].filter((t) => t.trim() !== '');
  });

/**
 * Presses a button that sends one write (a form's Save, a dialog's confirmation) and answers what
 * came of it: the write the server accepted, or its refusal, or the problems the form showed
 * without sending anything.
 */
export async function pressSending(
  watch: ApiWatch,
  scope: Locator,
  button: Locator,
): Promise<Outcome> {
  const from = watch.writes.length;
  const sentBefore = watch.sent();
  await button.click();
  // A press that sends nothing is stuck soon; a write sent is waited for longer, as a loaded
  // server answers it (a refusal comes as an answer, not a timeout).
  const pressed = Date.now();
  const deadline = () => pressed + (watch.sent() > sentBefore ? 30_000 : 10_000);
  while (Date.now() < deadline()) {
    const write = watch.writes[from];
    if (write) {
      if (write.status < 400) return { ok: true, write };
      const body = (await write.body) as { code?: unknown; message?: unknown } | undefined;
      return {
        ok: false,
        why: `the server answered ${write.status} ${String(body?.code ?? '')}: ${String(body?.message ?? '')}`,
      };
    }
    const shown = await problemsShown(scope).catch(() => []);
    if (shown.length > 0) {
      // A form's checks answer at once; give a slow server a moment before calling it refused.
      await new Promise((r) => setTimeout(r, 300));
      if (!watch.writes[from]) return { ok: false, why: `the form said: ${shown.join('; ')}` };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { ok: false, why: 'nothing was sent' };
}

/** The id of the record a write answered with (an envelope may wrap it). */
export function writtenId(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const id = (body as { id?: unknown }).id;
  if (typeof id === 'string') return id;
  for (const value of Object.values(body)) {
    const inner = writtenId(value);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Follows a link of the main navigation, as a person would: in the header, or at a phone's width
 * in the drawer its menu button opens. Answers false when the navigation has no such link.
 */
export async function followNavigation(page: Page, href: string): Promise<boolean> {
  const header = page.getByRole('navigation', { name: 'Main', exact: true });
  const inHeader = header.locator(`a[href="${href}"]`);
  if ((await inHeader.count()) > 0 && (await inHeader.first().isVisible())) {
    await inHeader.first().click();
    await reached(page, href);
    return true;
  }
  const opener = page.getByRole('button', { name: 'Open the navigation' });
  if ((await opener.count()) === 0 || !(await opener.isVisible())) return false;
  await opener.click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await drawer.waitFor();
  const inDrawer = drawer.locator(`a[href="${href}"]`);
  if ((await inDrawer.count()) === 0) {
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    return false;
  }
  await inDrawer.first().click();
  await drawer.waitFor({ state: 'detached' });
  await reached(page, href);
  return true;
}

/** Waits for a link followed to open its page: the address first, then the page settled. */
async function reached(page: Page, href: string): Promise<void> {
  const path = new URL(href, page.url()).pathname;
  await page.waitForURL((url) => url.pathname === path);
  await settled(page);
}

/** The link to a record on a list screen, looking further with "Load more" while there is more. */
export async function recordLink(page: Page, path: string): Promise<Locator | undefined> {
  const main = page.locator('main');
  for (let pages = 0; pages < 4; pages++) {
    const link = main.locator(`a[href="${path}"]`);
    if ((await link.count()) > 0) return link.first();
    const more = main.getByRole('button', { name: 'Load more', exact: true });
    if ((await more.count()) === 0) return undefined;
    await more.click();
    await settled(page);
  }
  return undefined;
}
