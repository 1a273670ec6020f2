import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TALKS_PATH } from '../support/talks.js';
import { PASSWORD } from './support/serve-app.js';
import { box, settled, showsText, signIn, visitor, type Visitor } from './support/ui.js';
import { useServedApp } from './support/use-served-app.js';

// What a record's page offers is what the server would accept now, for this reader and this
// record: a speaker edits and deletes their own talk only while it is a draft, and nobody else's.
// Ending actions look dangerous, each step is confirmed by a toast, a form with changes asks
// before it is left, and a dialog gives focus back to the button that opened it.

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const link = (page: Page, name: string) => page.getByRole('link', { name, exact: true });
const toast = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });

describe('honest actions, feedback and focus on a record’s page', () => {
  let sam: Visitor;
  let tess: Visitor;
  let talkUrl = '';

  const app = useServedApp(TALKS_PATH, async (served) => {
    await served.addUser('sam@talks.test', 'Sam Speaker', ['speaker']);
    await served.addUser('tess@talks.test', 'Tess Speaker', ['speaker']);
  });

  it('confirms a save with a toast a screen reader announces', async () => {
    sam = await visitor(app.browser, app.served.url, 'talks-sam');
    await signIn(sam, 'sam@talks.test', PASSWORD, 'Sam Speaker');
    await sam.open('/talks/new');
    await box(sam.page, 'Title').fill('Honest buttons');
    await button(sam.page, 'Save').click();
    await sam.page.getByRole('heading', { level: 1, name: 'Honest buttons' }).waitFor();
    talkUrl = new URL(sam.page.url()).pathname;
    await toast(sam.page).getByText('Saved', { exact: true }).waitFor();
    expect(await toast(sam.page).getAttribute('aria-live')).toBe('polite');
    await sam.check('draft');
  });

  it('offers the speaker their draft’s edits, and styles cancelling as danger', async () => {
    expect(await link(sam.page, 'Edit talk').count()).toBe(1);
    expect(await button(sam.page, 'Delete').count()).toBe(1);
    expect(await button(sam.page, 'Publish').getAttribute('data-variant')).toBe('filled');
    const cancel = button(sam.page, 'Cancel');
    expect(await cancel.getAttribute('data-variant')).toBe('outline');
  });

  it('names the outcome when confirming an ending action, and gives focus back', async () => {
    await button(sam.page, 'Cancel').click();
    const dialog = sam.page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel talk' }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Go back' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => sam.page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Cancel');
  });

  it('shows another speaker neither edits nor actions the server would refuse', async () => {
    tess = await visitor(app.browser, app.served.url, 'talks-tess');
    await signIn(tess, 'tess@talks.test', PASSWORD, 'Tess Speaker');
    await tess.open(talkUrl);
    expect(await link(tess.page, 'Edit talk').count()).toBe(0);
    expect(await button(tess.page, 'Delete').count()).toBe(0);
    expect(await button(tess.page, 'Publish').count()).toBe(0);
    expect(await button(tess.page, 'Cancel').count()).toBe(0);
    await tess.check('not-theirs');
    await tess.close();
  });

  it('asks before leaving a form with unsaved changes', async () => {
    await link(sam.page, 'Edit talk').click();
    await sam.page.getByRole('heading', { level: 1, name: 'Edit talk' }).waitFor();
    await settled(sam.page);
    // Nothing changed: leaving asks nothing.
    await button(sam.page, 'Cancel').click();
    await sam.page.getByRole('heading', { level: 1, name: 'Honest buttons' }).waitFor();
    await link(sam.page, 'Edit talk').click();
    await settled(sam.page);
    await box(sam.page, 'Summary').fill('Buttons that keep their promises.');
    await button(sam.page, 'Cancel').click();
    const dialog = sam.page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await box(sam.page, 'Summary').inputValue()).toBe('Buttons that keep their promises.');
    await button(sam.page, 'Cancel').click();
    await dialog.getByRole('button', { name: 'Leave and lose changes' }).click();
    await sam.page.getByRole('heading', { level: 1, name: 'Honest buttons' }).waitFor();
    expect(await sam.page.locator('main').textContent()).not.toContain('keep their promises');
  });

  it('saves an edit without asking, with a toast', async () => {
    await link(sam.page, 'Edit talk').click();
    await settled(sam.page);
    await box(sam.page, 'Summary').fill('Buttons that keep their promises.');
    await button(sam.page, 'Save changes').click();
    await sam.page.getByRole('heading', { level: 1, name: 'Honest buttons' }).waitFor();
    await toast(sam.page).getByText('Changes saved').waitFor();
    await showsText(sam.page.locator('main'), 'keep their promises');
  });

  it('no longer offers edits once the talk is published, and toasts the step', async () => {
    await button(sam.page, 'Publish').click();
    await sam.page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await toast(sam.page).getByText('Publish: done').waitFor();
    await expect.poll(() => button(sam.page, 'Publish').count()).toBe(0);
    expect(await link(sam.page, 'Edit talk').count()).toBe(0);
    expect(await button(sam.page, 'Delete').count()).toBe(0);
    expect(await button(sam.page, 'Cancel').count()).toBe(1);
    // The button that opened the dialog is gone: focus goes to the page's heading.
    await expect.poll(() => sam.page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await sam.check('published');
    await sam.close();
  });
});
