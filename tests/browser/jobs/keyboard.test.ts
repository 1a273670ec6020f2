import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { examplePath } from '../../support/examples.js';
import { PASSWORD } from '../support/serve-app.js';
import { settled, stateOf } from '../support/ui.js';
import { useServedApp } from '../support/use-served-app.js';

// A person without a mouse opens a ticket, cancels it and signs out with Tab, Shift+Tab, Enter,
// Space, the arrows and Escape alone, always seeing where the focus is.

/** Where the focus is, and whether a person sees it there. */
interface Focus {
  text: string;
  tag: string;
  focusVisible: boolean;
  ring: boolean;
  inViewport: boolean;
}

const focusNow = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    if (!e || e === document.body)
      return { text: '', tag: 'BODY', focusVisible: false, ring: false, inViewport: false };
    // A ring (an outline or a shadow) or, as Mantine marks its inputs, a border that changes
    // colour, on the element or the box drawn around it (a password's input sits in one):
    // compared with their look once the focus leaves.
    const boxes = [e, e.parentElement, e.parentElement?.parentElement].filter(
      (x): x is HTMLElement => x instanceof HTMLElement,
    );
    const look = () =>
      boxes.map((x) => {
        const style = getComputedStyle(x);
        return `${style.outlineStyle} ${style.outlineWidth} ${style.boxShadow} ${style.borderColor}`;
      });
    const focused = look();
    const own = getComputedStyle(e);
    const outline = own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) > 0;
    e.blur();
    const away = look();
    e.focus();
    const ring = outline || focused.some((value, i) => value !== away[i]);
    const box = e.getBoundingClientRect();
    const label =
      e.getAttribute('aria-label') ??
      (e.id ? document.querySelector(`label[for="${e.id}"]`)?.textContent : null) ??
      e.textContent ??
      '';
    return {
      text: label.replace(/\s*\*$/, '').trim(),
      tag: e.tagName,
      focusVisible: e.matches(':focus-visible'),
      ring,
      inViewport:
        box.width > 0 &&
        box.height > 0 &&
        box.bottom > 0 &&
        box.right > 0 &&
        box.top < window.innerHeight &&
        box.left < window.innerWidth,
    };
  });

/** Presses a key that moves the focus, and checks the focus can be seen where it lands. */
async function move(page: Page, key: string): Promise<Focus> {
  await page.keyboard.press(key);
  const focus = await focusNow(page);
  // Past the page's last stop, Tab goes to the browser's own controls, then back to the page.
  if (focus.tag === 'BODY') return focus;
  expect(focus.focusVisible, `${key} to “${focus.text}” (${focus.tag}): :focus-visible`).toBe(true);
  expect(focus.ring, `${key} to “${focus.text}” (${focus.tag}): a focus ring`).toBe(true);
  expect(focus.inViewport, `${key} to “${focus.text}” (${focus.tag}): in view`).toBe(true);
  return focus;
}

/** Tabs forward until the focus is on the element named `name`, checking each stop. */
async function tabTo(page: Page, name: string | RegExp, key = 'Tab'): Promise<void> {
  for (let stops = 0; stops < 60; stops++) {
    const focus = await move(page, key);
    if (typeof name === 'string' ? focus.text === name : name.test(focus.text)) return;
  }
  throw new Error(`${key} never reached “${String(name)}”`);
}

describe('a keyboard-only user', () => {
  const app = useServedApp(examplePath('helpdesk'), async (served) => {
    await served.addUser('kim@help.test', 'Kim Keys', ['customer']);
  });

  it('signs in, opens a ticket, cancels it and signs out, the focus always in sight', async () => {
    const context = await app.browser.newContext({
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await page.goto(`${app.served.url}/sign-in`);
    await settled(page);
    // The focus look is measured as it ends, not halfway through a colour's transition.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });

    await tabTo(page, 'Email');
    await page.keyboard.type('kim@help.test');
    await tabTo(page, 'Password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Kim Keys' }).waitFor();
    await settled(page);

    // The navigation, then the list's own button to the form.
    await tabTo(page, 'Tickets');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor();
    await settled(page);
    await tabTo(page, 'New ticket');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'New ticket' }).waitFor();
    await settled(page);
    await tabTo(page, 'Title');
    await page.keyboard.type('Keyboard stuck');
    await tabTo(page, 'Body');
    await page.keyboard.type('Some keys no longer answer.');
    // Back up one stop and forward again: Shift+Tab shows its focus too.
    await move(page, 'Shift+Tab');
    await tabTo(page, 'Body');
    // Normal to low (high would ask for a longer description).
    await tabTo(page, 'Priority');
    await page.keyboard.press('ArrowUp');
    await tabTo(page, 'Save');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Keyboard stuck' }).waitFor();
    await settled(page);
    expect(await stateOf(page)).toBe('Open');

    // A transition: the button, its dialog (Escape closes it), then confirmed with Space.
    await tabTo(page, 'Cancel');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus comes back to the button once the dialog's closing transition ends (a frame or two
    // after the dialog leaves the page, longer on a loaded machine).
    await expect.poll(async () => (await focusNow(page)).text).toBe('Cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, 'Cancel ticket');
    await page.keyboard.press('Space');
    await page.getByText('Cancel: done').waitFor();
    await expect.poll(() => stateOf(page)).toBe('Closed');

    // The account menu: opened with Enter, its item chosen with the arrows.
    await tabTo(page, /Kim Keys/);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    for (let i = 0; i < 6; i++) {
      const item = await focusNow(page);
      if (item.text === 'Sign out') break;
      await page.keyboard.press('ArrowDown');
    }
    expect((await focusNow(page)).text).toBe('Sign out');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/me')).status);
    expect(me).toBe(401);
    await context.close();
  }, 120_000);
});
