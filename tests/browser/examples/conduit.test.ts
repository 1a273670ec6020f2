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
    await writer.page
      .getByRole('heading', { level: 1, name: 'How to train your dragon' })
      .waitFor();
    articleUrl = new URL(writer.page.url()).pathname;
    expect(articleUrl).toBe('/articles/how-to-train-your-dragon');
    const text = (await writer.page.locator('main').textContent()) ?? '';
    expect(text).toContain('dragons');
    expect(text).toContain('training');
    // Their own article: theirs to edit and delete (the RealWorld shape has no `actions`; the
    // server sends them in a header).
    expect(await writer.page.getByRole('link', { name: 'Edit article' }).count()).toBe(1);
    expect(await writer.page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(1);
  });

  it('lets a reader favourite the article, follow its author and comment', async () => {
    reader = await visitor(app.browser, app.served.url, 'conduit-reader');
    await join(reader, 'rhea');
    await reader.open(articleUrl);
    // Not the author: nothing offered that the server would refuse.
    expect(await reader.page.getByRole('link', { name: 'Edit article' }).count()).toBe(0);
    expect(await reader.page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    const favourite = reader.page.getByRole('button', { name: 'Favorited', exact: true });
    expect(await favourite.getAttribute('aria-pressed')).toBe('false');
    await favourite.click();
    await expect.poll(() => favourite.getAttribute('aria-pressed')).toBe('true');
    expect(await reader.page.locator('main').textContent()).toContain('Favorites count1');
    await reader.page.getByRole('button', { name: 'Add comment' }).click();
    await box(reader.page, 'Body').fill('Thank you, it worked.');
    await reader.page.getByRole('button', { name: 'Add comment' }).click();
    const comments = reader.page.getByRole('region', { name: 'Comments' });
    await comments.getByRole('listitem').getByText('Thank you, it worked.').waitFor();
    expect(await comments.textContent()).toContain('You');
    await reader.check('article');
    await reader.page.getByRole('link', { name: 'wren' }).first().click();
    await reader.page.getByRole('heading', { level: 1, name: 'wren' }).waitFor();
    expect(new URL(reader.page.url()).pathname).toBe('/profiles/wren');
    const follow = reader.page.getByRole('button', { name: 'Following', exact: true });
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
  });

  it('lets the reader delete their own comment from the article’s page, under its slug', async () => {
    const comments = (v: Visitor) => v.page.getByRole('region', { name: 'Comments' });
    const own = 'Delete comment “Thank you, it worked.”';
    // The writer may delete neither the reader's comment nor, while it refers to it, the article.
    await writer.open(articleUrl);
    await comments(writer).getByText('Thank you, it worked.').waitFor();
    expect(await comments(writer).getByRole('button', { name: own }).count()).toBe(0);
    expect(await writer.page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await reader.open(articleUrl);
    await comments(reader).getByRole('button', { name: own }).click();
    const dialog = reader.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete comment', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await comments(reader).getByText('No comments yet.').waitFor();
    await reader.page.reload();
    await comments(reader).getByText('No comments yet.').waitFor();
    await reader.check('comment-deleted');
    // Nothing refers to the article now: its author may delete it again.
    await writer.page.reload();
    await writer.page.getByRole('button', { name: 'Delete', exact: true }).waitFor();
  });

  it('shows the reader the article in their feed', async () => {
    await reader.open('/feed');
    await reader.page.getByRole('link', { name: 'How to train your dragon' }).waitFor();
    await reader.check('feed');
  });

  it('lets the reader change their own profile through update me', async () => {
    await reader.open('/settings');
    await box(reader.page, 'Bio').fill('Reads about dragons.');
    await reader.page.getByRole('button', { name: 'Save changes' }).click();
    await reader.page.getByText('Your account is up to date.').waitFor();
    await reader.check('settings');
    await reader.open('/profiles/rhea');
    expect(await reader.page.locator('main').textContent()).toContain('Reads about dragons.');
    await reader.close();
    await writer.close();
  });
});
