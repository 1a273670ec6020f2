import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/serve-app.js';
import {
  apiWrites,
  box,
  fieldError,
  navigation,
  settled,
  signIn,
  stateOf,
  takeAction,
  visitor,
  type Visitor,
} from '../support/ui.js';
import { useServedApp } from '../support/use-served-app.js';

const SPEC = 'examples/library.spec.md';

describe('the lending library (declared calls), as a librarian, a member and a visitor', () => {
  let librarian: Visitor;
  let member: Visitor;
  let loanUrl = '';

  const app = useServedApp(SPEC, async (served) => {
    await served.addUser('liam@library.test', 'Liam Librarian', ['librarian']);
    await served.addUser('hana@library.test', 'Hana Head', ['admin']);
  });

  it('lets a librarian add a book, refusing an ISBN and an amount that do not fit', async () => {
    librarian = await visitor(app.browser, app.served.url, 'library-librarian');
    await signIn(librarian, 'liam@library.test', PASSWORD, 'Liam Librarian');
    expect(await navigation(librarian.page)).toEqual([
      'Visit us',
      'Catalogue',
      'Loans desk',
      'Unpaid fines',
      'Members',
    ]);
    await librarian.check('home');
    await librarian.open('/books/new');
    await librarian.check('add-book');
    await box(librarian.page, 'Title').fill('Dubliners');
    await box(librarian.page, 'Author').fill('James Joyce');
    await box(librarian.page, 'Year').fill('1914');
    const writes = apiWrites(librarian.page);
    // Leaving a field that breaks its rules says so at once, in words: never the pattern.
    await box(librarian.page, 'Isbn').fill('12345');
    await box(librarian.page, 'Replacement cost').focus();
    expect(await fieldError(librarian.page, 'Isbn')).toBe('Isbn is not in the expected form.');
    await box(librarian.page, 'Replacement cost').fill('12.505');
    await librarian.page.getByRole('button', { name: 'Save', exact: true }).click();

    expect(await fieldError(librarian.page, 'Replacement cost')).toBe(
      'Replacement cost must be an amount with at most 2 decimals.',
    );
    // Every problem reads beside its field: no alert says them again.
    expect(await librarian.page.getByRole('alert').count()).toBe(0);
    // The browser ran the server's checks: nothing was sent.
    expect(writes).toEqual([]);
    await librarian.check('add-book-refused');
    // The mistakes read as well in the dark theme.
    await librarian.page.getByRole('button', { name: 'Use the dark theme' }).click();
    await librarian.check('add-book-refused-dark');
    await librarian.page.getByRole('button', { name: 'Use the light theme' }).click();
    const isbn = box(librarian.page, 'Isbn');
    await isbn.fill('9780141182452');
    await box(librarian.page, 'Replacement cost').fill('12.50');
    await librarian.page.getByRole('button', { name: 'Save', exact: true }).click();
    await librarian.page.getByRole('heading', { level: 1, name: 'Dubliners' }).waitFor();
    const book = (await librarian.page.locator('main').textContent()) ?? '';
    expect(book).toContain('€12.50');
    // A year is written as it is, never grouped as a quantity ("1,914").
    expect(book).toContain('1914');
    expect(book).not.toContain('1,914');
    await librarian.check('book');
  });

  it('shows a visitor the catalogue, without what only staff may see', async () => {
    const v = await visitor(app.browser, app.served.url, 'library-visitor');
    await v.open('/books');
    await v.check('catalogue');
    // At a phone's width the table scrolls within itself, not the page sideways.
    await v.page.setViewportSize({ width: 375, height: 812 });
    expect(
      await v.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await v.check('catalogue-phone');
    await v.page.setViewportSize({ width: 1280, height: 900 });
    expect(await navigation(v.page)).toEqual(['Visit us', 'Catalogue']);
    await v.page.getByRole('link', { name: 'Dubliners' }).click();
    await v.page.getByRole('heading', { level: 1, name: 'Dubliners' }).waitFor();
    const text = (await v.page.locator('main').textContent()) ?? '';
    expect(text).toContain('James Joyce');
    expect(text).not.toContain('Replacement cost');
    expect(await v.page.getByRole('link', { name: 'Edit book' }).count()).toBe(0);
    await v.check('book');
    await v.open('/visit');
    expect(await v.page.locator('main').textContent()).toContain('Monday to Saturday');
    await v.check('visit');
    await v.open('/loans');
    expect(await v.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Sign in to see this page',
    );
    await v.close();
  });

  it('lets a member join through the library’s own sign-up call, and ask for the book', async () => {
    member = await visitor(app.browser, app.served.url, 'library-member');
    await member.open('/sign-up');
    expect(await member.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Join the library',
    );
    await member.check('join');
    await box(member.page, 'Name').fill('Molly Member');
    await box(member.page, 'Email').fill('molly@library.test');
    await box(member.page, 'Password').fill(PASSWORD);
    await box(member.page, 'Phone').fill('+353 1 555 0100');
    await member.page.getByRole('button', { name: 'Create the account' }).click();
    await member.page.getByRole('heading', { name: 'Welcome, Molly Member' }).waitFor();
    expect(await navigation(member.page)).toEqual(['Visit us', 'Catalogue', 'My loans']);
    await member.open('/loans/new');
    await member.check('ask-for-a-book');
    await member.page.getByRole('combobox', { name: 'Book' }).click();
    await member.page.getByRole('option', { name: 'Dubliners' }).click();
    await box(member.page, 'Pickup note').fill('After work, around six.');
    await member.page.getByRole('button', { name: 'Save', exact: true }).click();
    await member.page.getByRole('heading', { level: 1, name: 'Loan: Dubliners' }).waitFor();
    loanUrl = new URL(member.page.url()).pathname;
    expect(await stateOf(member.page)).toBe('Requested');
    expect(await member.page.getByRole('button', { name: 'Cancel' }).count()).toBe(1);
    await member.check('loan-requested');
    await member.open('/desk');
    expect(await member.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
  });

  it('lets the librarian prepare and lend the book from the loans desk', async () => {
    await librarian.open('/desk');
    await librarian.check('loans-desk');
    await librarian.page.getByRole('link', { name: 'Open Loan: Dubliners' }).click();
    await librarian.page.getByRole('heading', { level: 1, name: 'Loan: Dubliners' }).waitFor();
    await takeAction(librarian.page, 'Prepare');
    await librarian.page.getByText('Prepare: done').waitFor();
    expect(await stateOf(librarian.page)).toBe('Ready');
    await takeAction(librarian.page, 'Lend');
    await librarian.page.getByText('Lend: done').waitFor();
    expect(await stateOf(librarian.page)).toBe('Borrowed');
    // Section 7 declares no history call: the engine keeps and serves it all the same.
    const history = librarian.page.getByRole('region', { name: 'History' });
    await history.getByText('Lend').waitFor();
    expect(await history.textContent()).toContain('Ready → Borrowed');
    await librarian.check('loan-borrowed');
  });

  it('names a fine’s loan by the loan’s book, on the fine and in the unpaid fines', async () => {
    // A loan has no title of its own: it is named by its book, which the fine reaches through it.
    await librarian.open('/fines/new');
    await librarian.page.getByRole('combobox', { name: 'Loan' }).click();
    await librarian.page.getByRole('option', { name: 'Loan: Dubliners' }).click();
    await box(librarian.page, 'Amount').fill('2.00');
    await librarian.page.getByRole('button', { name: 'Save', exact: true }).click();
    await librarian.page.getByRole('heading', { level: 1, name: 'Fine: Dubliners' }).waitFor();
    await librarian.page.getByRole('link', { name: 'Loan: Dubliners' }).waitFor();
    await librarian.check('fine');
    await librarian.open('/fines');
    await settled(librarian.page);
    const table = librarian.page.getByRole('table');
    await table.getByRole('link', { name: 'Loan: Dubliners' }).waitFor();
    expect(await table.textContent()).not.toMatch(/Loan …/);
    await librarian.close();
  });

  it('shows the member their loan as borrowed, with its due date', async () => {
    await member.open('/loans');
    await member.check('my-loans');
    await member.open(loanUrl);
    expect(await stateOf(member.page)).toBe('Borrowed');
    expect(await member.page.locator('main').textContent()).toContain('Due on');
    expect(await member.page.getByRole('button', { name: 'Renew' }).count()).toBe(1);
    await member.close();
  });

  it('shows the head librarian the members and the specification, but not the librarians’ desk', async () => {
    const admin = await visitor(app.browser, app.served.url, 'library-admin');
    await signIn(admin, 'hana@library.test', PASSWORD, 'Hana Head');
    expect(await navigation(admin.page)).toEqual([
      'Visit us',
      'Catalogue',
      'Unpaid fines',
      'Members',
      'Specification',
      'Users',
    ]);
    await admin.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Members' })
      .click();
    await admin.page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await settled(admin.page);
    expect(await admin.page.locator('main').textContent()).toContain('molly@library.test');
    await admin.check('members');
    await admin.open('/desk');
    expect(await admin.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
    await admin.close();
  });
});
