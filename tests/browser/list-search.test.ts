import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from './support/api-as.js';
import { axeViolations } from './support/axe.js';
import { PASSWORD } from './support/serve-app.js';
import { signIn, visitor, whileHeld, type Visitor } from './support/ui.js';
import { useServedApp } from './support/use-served-app.js';

const SPEC = 'examples/helpdesk.spec.md';

const searchBox = (page: Page, name: string) => page.getByRole('searchbox', { name });
/** The rows the list's table shows, each as its text. */
const rows = (page: Page) => page.locator('main tbody tr').allTextContents();
/** What the list says of the records shown: "1–25 of 27". */
const range = (page: Page) =>
  page
    .locator('main')
    .getByText(/^(\d+–\d+ of \d+|Showing \d+)$/)
    .textContent();
const addressSearch = (page: Page) => new URL(page.url()).searchParams.get('q');

// An agent finds products among more than a page of them by typing the start of a word, sees how
// many match, finds nothing for a word nobody wrote and clears the search; the search stays in
// the address. A customer's search never looks in the agents' internal notes.
describe('a list searched from its search box, with the range it shows', () => {
  let agent: Visitor;

  const app = useServedApp(SPEC, async (served) => {
    await served.addUser('ada@help.test', 'Ada Admin', ['admin']);
    await served.addUser('alex@help.test', 'Alex Agent', ['agent']);
    await served.addUser('cara@help.test', 'Cara Customer', ['customer']);
  });

  it('shows how many records there are, and more as they are loaded', async () => {
    const ada = await apiAs(app.served.url, 'ada@help.test');
    for (let i = 1; i <= 12; i++)
      await ada('POST', '/api/products', { name: `Laser printer ${String(i).padStart(2, '0')}` });
    for (let i = 1; i <= 15; i++)
      await ada('POST', '/api/products', { name: `Scanner ${String(i).padStart(2, '0')}` });

    agent = await visitor(app.browser, app.served.url, 'list-search-agent');
    await signIn(agent, 'alex@help.test', PASSWORD, 'Alex Agent');
    await agent.open('/products');
    await searchBox(agent.page, 'Search products').waitFor();
    expect(await range(agent.page)).toBe('1–25 of 27');
    expect(await rows(agent.page)).toHaveLength(25);
    await agent.check('products');
    await agent.page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => range(agent.page)).toBe('1–27 of 27');
    expect(await rows(agent.page)).toHaveLength(27);
  });

  it('finds records by the start of a word as it is typed, and keeps the search in the address', async () => {
    const page = agent.page;
    await searchBox(page, 'Search products').fill('prin');
    await expect.poll(() => addressSearch(page)).toBe('prin');
    await expect.poll(() => range(page)).toBe('1–12 of 12');
    const found = await rows(page);
    expect(found).toHaveLength(12);
    expect(found.every((r) => r.includes('Laser printer'))).toBe(true);
    await agent.check('products-searched');
    await page.getByRole('button', { name: 'Use the dark theme' }).click();
    await agent.check('products-searched-dark');
    await page.getByRole('button', { name: 'Use the light theme' }).click();
  });

  it('says when nothing matches, and clears the search to show every record again', async () => {
    const page = agent.page;
    await searchBox(page, 'Search products').fill('zeppelin');
    await page.getByRole('heading', { name: 'No products match “zeppelin”' }).waitFor();
    expect(addressSearch(page)).toBe('zeppelin');
    await agent.check('products-no-match');
    await page.getByRole('button', { name: 'Clear the search' }).last().click();
    // Every record again, with the pages already loaded of that list.
    await expect.poll(() => range(page)).toMatch(/^1–2[57] of 27$/);
    expect(await searchBox(page, 'Search products').inputValue()).toBe('');
    expect(addressSearch(page)).toBeNull();
    // Escape empties the box too.
    await searchBox(page, 'Search products').fill('scanner 1');
    await expect.poll(() => range(page)).toBe('1–6 of 6');
    await searchBox(page, 'Search products').press('Escape');
    await expect.poll(() => range(page)).toMatch(/^1–2[57] of 27$/);
    expect(addressSearch(page)).toBeNull();
  });

  it('says it is searching while the list is read again, in words a screen reader announces', async () => {
    const page = agent.page;
    const searching = page.getByRole('status', { name: 'Searching' });
    await whileHeld(page, /\/api\/products\?/, async () => {
      await searchBox(page, 'Search products').fill('scan');
      await searching.waitFor();
      expect(await axeViolations(page), 'axe while searching').toEqual([]);
    });
    await expect.poll(() => range(page)).toBe('1–15 of 15');
    await searching.waitFor({ state: 'detached' });
    await searchBox(page, 'Search products').press('Escape');
    await expect.poll(() => addressSearch(page)).toBeNull();
  });

  it('opens a bookmarked search searched, and finds it again on the way back', async () => {
    const page = agent.page;
    await agent.open('/products?q=scanner%2003');
    expect(await searchBox(page, 'Search products').inputValue()).toBe('scanner 03');
    await expect.poll(() => range(page)).toBe('1–1 of 1');
    expect((await rows(page))[0]).toContain('Scanner 03');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Tickets' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    expect(await searchBox(page, 'Search products').inputValue()).toBe('scanner 03');
    await expect.poll(() => range(page)).toBe('1–1 of 1');
  });

  it('never finds a customer’s ticket by the agents’ internal note', async () => {
    const cara = await apiAs(app.served.url, 'cara@help.test');
    const alex = await apiAs(app.served.url, 'alex@help.test');
    const body = 'It stopped working this morning.';
    await cara('POST', '/api/tickets', { title: 'Printer jammed', body });
    const screen = (await cara('POST', '/api/tickets', { title: 'Screen flickers', body })) as {
      id: string;
    };
    await alex('PATCH', `/api/tickets/${screen.id}`, { internalNote: 'Zebra cable suspected' });

    await agent.open('/tickets?q=zebra');
    await expect.poll(() => rows(agent.page)).toHaveLength(1);
    expect((await rows(agent.page))[0]).toContain('Screen flickers');
    await agent.close();

    const customer = await visitor(app.browser, app.served.url, 'list-search-customer');
    await signIn(customer, 'cara@help.test', PASSWORD, 'Cara Customer');
    await customer.open('/tickets');
    expect(await range(customer.page)).toBe('1–2 of 2');
    await searchBox(customer.page, 'Search tickets').fill('zebra');
    await customer.page.getByRole('heading', { name: 'No tickets match “zebra”' }).waitFor();
    await searchBox(customer.page, 'Search tickets').fill('screen');
    await expect.poll(() => rows(customer.page)).toHaveLength(1);
    expect((await rows(customer.page))[0]).toContain('Screen flickers');
    await customer.close();
  });

  it('fits a phone’s width, light and dark', async () => {
    const phone = await visitor(app.browser, app.served.url, 'list-search-phone', {
      width: 390,
      height: 844,
    });
    await signIn(phone, 'alex@help.test', PASSWORD, 'Alex Agent');
    await phone.open('/products?q=laser');
    await expect.poll(() => range(phone.page)).toBe('1–12 of 12');
    const overflow = () =>
      phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await phone.check('products-searched');
    await phone.page.getByRole('button', { name: 'Use the dark theme' }).click();
    await phone.check('products-searched-dark');
    await phone.close();
  });
});
