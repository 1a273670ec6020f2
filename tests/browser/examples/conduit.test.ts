import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/serve-app.js';
import { box, settled, visitor, type Visitor } from '../support/ui.js';
import { useServedApp } from '../support/use-served-app.js';

const SPEC = 'examples/conduit.spec.md';

/** Joins through the RealWorld sign-up call (username, email, password), from the sign-up screen. */
async function join(v: Visitor, username: string) {
  await v.open('/sign-up');
  await box(v.page, 'Username').fill(username);
  await box(v.page, 'Email').fill(`${username}@conduit.test`);
  await box(v.page, 'Password').fill(PASSWORD);
  await v.page.getByRole('button', { name: 'Create the account' }).click();
  await v.page.getByRole('button', { name: username, exact: true }).waitFor();
  await settled(v.page);
}

describe('Conduit (the RealWorld API) in the web app, as a writer and a reader', () => {
  let writer: Visitor;
  let reader: Visitor;
  let articleUrl = '';

  const app = useServedApp(SPEC);

  it('lets a writer join and write an article with tags', async () => {
    writer = await visitor(app.browser, app.served.url, 'conduit-writer');
    await join(writer, 'wren');
    await writer.open('/editor');
    await box(writer.page, 'Title').fill('How to train your dragon');
    await box(writer.page, 'Description').fill('Ever wonder how?');
    await box(writer.page, 'Body').fill('You have to believe.');
    const tags = writer.page.getByRole('combobox', { name: 'Tags' });
    await tags.fill('dragons');
    await tags.press('Enter');
    await tags.fill('training');
    await tags.press('Enter');
    await writer.page.getByRole('button', { name: 'Save', exact: true }).click();
    await writer.page.getByRole('heading', { level: 1, name: 'How to train your dragon' }).waitFor();
    articleUrl = new URL(writer.page.url()).pathname;
    expect(articleUrl).toBe('/articles/how-to-train-your-dragon');
    const text = (await writer.page.locator('main').textContent()) ?? '';
    expect(text).toContain('dragons');
    expect(text).toContain('training');
  });
});
