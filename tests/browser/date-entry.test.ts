import { describe, expect, it } from 'vitest';
import { PASSWORD } from './support/serve-app.js';
import { box, fieldError, signIn, visitor } from './support/ui.js';
import { useServedApp } from './support/use-served-app.js';

// The vet clinic's section 1 says en-GB: a pet's birth date is typed day first, whatever the
// browser's own locale (Chromium here runs en-US, whose date input is mm/dd/yyyy).
const SPEC = 'examples/vetclinic.spec.md';

describe('dates typed as the application’s language writes them', () => {
  const app = useServedApp(SPEC, async (served) => {
    await served.addUser('olive@vets.test', 'Olive Owner', ['owner']);
  });

  it('reads 03/12/2020 as 3 December in an en-GB application, and says how to write a date', async () => {
    const owner = await visitor(app.browser, app.served.url, 'date-entry-owner');
    await signIn(owner, 'olive@vets.test', PASSWORD, 'Olive Owner');
    await owner.open('/pets/new');
    await box(owner.page, 'Name').fill('Biscuit');
    const born = owner.page.getByLabel('Born');
    // A text box, not the browser's date input (which would follow the browser's locale).
    expect(await born.evaluate((e) => (e as HTMLInputElement).type)).toBe('text');
    // A month that does not exist in day-first order is refused in the app's own words.
    await born.fill('12/31/2020');
    await box(owner.page, 'Name').focus();
    expect(await fieldError(owner.page, 'Born')).toBe('Born must be a date written as 30/06/2025.');
    await owner.check('pet-born-refused');
    await born.fill('3/12/2020');
    await box(owner.page, 'Name').focus();
    // Left, the date is written out as the application writes dates in figures.
    expect(await born.inputValue()).toBe('03/12/2020');
    await owner.page.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.page.getByRole('heading', { level: 1, name: 'Biscuit' }).waitFor();
    expect(await owner.page.locator('main').textContent()).toContain('3 Dec 2020');
    await owner.close();
  });
});
