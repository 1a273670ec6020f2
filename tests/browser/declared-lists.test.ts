import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { POSTS_PATH } from '../support/posts.js';
import { apiAs } from './support/api-as.js';
import { PASSWORD } from './support/serve-app.js';
import { settled, signIn, visitor } from './support/ui.js';
import { useServedApp } from './support/use-served-app.js';

// A list screen over calls that declare their parameters: the web app sends only those (page
// size, rows to skip for "Load more") and reads a screen whose filter is a call's `where`
// through that call.

async function titles(page: Page): Promise<string[]> {
  await settled(page);
  return (await page.locator('tbody tr td:first-child').allTextContents()).map((t) => t.trim());
}

async function loadAll(page: Page): Promise<string[]> {
  const more = page.getByRole('button', { name: 'Load more' });
  while ((await more.count()) > 0) {
    const shown = (await titles(page)).length;
    await more.click();
    await page.waitForFunction((n) => document.querySelectorAll('tbody tr').length > n, shown);
  }
  return titles(page);
}

describe('lists over declared parameters in the browser', () => {
  const app = useServedApp(POSTS_PATH, async (served) => {
    await served.addUser('ann@posts.test', 'Ann', ['writer']);
    await served.addUser('bob@posts.test', 'Bob', ['writer']);
    const ann = await apiAs(served.url, 'ann@posts.test');
    const bob = await apiAs(served.url, 'bob@posts.test');
    for (const title of ['p1', 'p2', 'p3']) await ann('POST', '/api/posts', { title });
    await bob('POST', '/api/posts', { title: 'q1' });
  });

  it('pages a list by page size and rows to skip', async () => {
    const anyone = await visitor(app.browser, app.served.url, 'declared-lists');
    await anyone.open('/');
    expect(await titles(anyone.page)).toEqual(['q1', 'p3']);
    expect(await loadAll(anyone.page)).toEqual(['q1', 'p3', 'p2', 'p1']);
    await anyone.close();
  });

  it('reads a screen whose filter is a call’s where through that call', async () => {
    const ann = await visitor(app.browser, app.served.url, 'declared-lists-mine');
    await signIn(ann, 'ann@posts.test', PASSWORD, 'Ann');
    await ann.open('/mine');
    expect(await loadAll(ann.page)).toEqual(['p3', 'p2', 'p1']);
    await ann.close();
  });
});
