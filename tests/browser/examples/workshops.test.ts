import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api-as.js';
import { PASSWORD } from '../support/serve-app.js';
import {
  box,
  fieldError,
  historyText,
  navigation,
  signIn,
  stateOf,
  takeAction,
  visitor,
  type Visitor,
} from '../support/ui.js';
import { useServedApp } from '../support/use-served-app.js';

const SPEC = 'examples/workshops.spec.md';
/** A wall-clock time some days ahead, as a datetime-local input takes it. */
const daysAhead = (days: number, time: string) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

async function signUp(v: Visitor, name: string, email: string, page: (p: Page) => Promise<void>) {
  await v.open('/sign-up');
  await box(v.page, 'Name').fill(name);
  await box(v.page, 'Email').fill(email);
  await box(v.page, 'Password').fill(PASSWORD);
  await page(v.page);
  await v.page.getByRole('button', { name: 'Create the account' }).click();
  await v.page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor();
}

describe('makerspace workshops, as an admin, an organiser, an attendee and a visitor', () => {
  let organiser: Visitor;
  let attendee: Visitor;
  let eventUrl = '';

  const app = useServedApp(SPEC, async (served) => {
    await served.addUser('ada@make.test', 'Ada Admin', ['admin']);
    // An organiser who does not attend: they may not book a place.
    await served.addUser('otto@make.test', 'Otto Organiser', ['organizer']);
  });

  it('shows a visitor the workshops and the code of conduct, and invites them to join', async () => {
    const v = await visitor(app.browser, app.served.url, 'workshops-visitor');
    await v.open('/');
    expect(await v.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Makerspace Workshops',
    );
    expect(await navigation(v.page)).toEqual(['Code of conduct', 'Workshops', 'Venues']);
    await v.check('home');
    await v.open('/code-of-conduct');
    await v.check('code-of-conduct');
    await v.open('/venues/new');
    expect(await v.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Sign in to see this page',
    );
    await v.close();
  });

  it('lets an admin add a venue', async () => {
    const admin = await visitor(app.browser, app.served.url, 'workshops-admin');
    await signIn(admin, 'ada@make.test', PASSWORD, 'Ada Admin');
    await admin.open('/venues/new');
    await admin.check('new-venue');
    await box(admin.page, 'Name').fill('Main hall');
    await box(admin.page, 'Address').fill('1 Workshop Lane, Bristol');
    // Over the field's max: what to fix, after the field's label (the catalogue's reworded
    // VALIDATION_FAILED is the answer's summary, not what a field is told).
    await box(admin.page, 'Capacity').fill('600');
    await box(admin.page, 'Name').focus();
    expect(await fieldError(admin.page, 'Capacity')).toBe('Capacity must be at most 500.');
    await box(admin.page, 'Capacity').fill('40');
    await admin.page.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Venues' }).waitFor();
    expect(await admin.page.locator('main').textContent()).toContain('Main hall');
    await admin.check('venues');
    await admin.close();
  });

  it('lets an organiser join as one, and refuses a workshop that ends before it starts', async () => {
    organiser = await visitor(app.browser, app.served.url, 'workshops-organiser');
    await signUp(organiser, 'Olga Organiser', 'olga@make.test', async (page) => {
      await page.getByRole('checkbox', { name: /Organizer/ }).check();
    });
    // Every member is an attendee; the organiser is one too.
    expect(await navigation(organiser.page)).toEqual([
      'Code of conduct',
      'Workshops',
      'Workshops I organise',
      'My bookings',
      'Leave feedback',
      'Venues',
      'Specification',
    ]);
    // Tags have no screen in this specification: the organiser adds them through the API.
    const api = await apiAs(app.served.url, 'olga@make.test');
    await api('POST', '/api/tags', { name: 'electronics' });

    await organiser.open('/events/new');
    await organiser.check('new-workshop');
    await box(organiser.page, 'Title').fill('Soldering for beginners');
    await box(organiser.page, 'Summary').fill('Learn to solder a small LED badge, tools provided.');
    await organiser.page.getByRole('combobox', { name: 'Tags' }).click();
    await organiser.page.getByRole('option', { name: 'electronics' }).click();
    await organiser.page.keyboard.press('Escape');
    await organiser.page.getByLabel('Starts at').fill(daysAhead(7, '18:00'));
    await organiser.page.getByLabel('Ends at').fill(daysAhead(7, '17:00'));
    await organiser.page.getByRole('combobox', { name: 'Venue' }).click();
    await organiser.page.getByRole('option', { name: 'Main hall' }).click();
    await organiser.page.getByRole('button', { name: 'Save', exact: true }).click();
    await organiser.page.getByRole('alert').waitFor();
    expect(await organiser.page.locator('main').textContent()).toContain(
      'A workshop must end after it starts.',
    );
    await organiser.check('new-workshop-refused');
    await organiser.page.getByLabel('Ends at').fill(daysAhead(7, '20:00'));
    await organiser.page.getByRole('button', { name: 'Save', exact: true }).click();
    await organiser.page
      .getByRole('heading', { level: 1, name: 'Soldering for beginners' })
      .waitFor();
    eventUrl = new URL(organiser.page.url()).pathname;
    expect(await stateOf(organiser.page)).toBe('Draft');
    // Defaults the server filled in: DEFAULT_CAPACITY places, free, the organiser's email.
    const text = (await organiser.page.locator('main').textContent()) ?? '';
    expect(text).toContain('12');
    expect(text).toContain('£0.00');
    expect(text).toContain('olga@make.test');
    await organiser.check('workshop-draft');
  });

  it('lets the organiser publish it, the step in its history', async () => {
    await takeAction(organiser.page, 'Publish');
    await organiser.page.getByText('Publish: done').waitFor();
    expect(await stateOf(organiser.page)).toBe('Published');
    expect(await historyText(organiser.page)).toMatch(/Publish.*Draft → Published.*by You/);
    await organiser.check('workshop-published');
  });

  it('lets an attendee book a place from the workshop, but only one', async () => {
    attendee = await visitor(app.browser, app.served.url, 'workshops-attendee');
    await signUp(attendee, 'Ana Attendee', 'ana@make.test', async () => {});
    await attendee.open('/events');
    await attendee.check('workshops');
    await attendee.page.getByRole('link', { name: 'Soldering for beginners' }).click();
    await attendee.page
      .getByRole('heading', { level: 1, name: 'Soldering for beginners' })
      .waitFor();
    await attendee.check('workshop');
    await attendee.page.getByRole('link', { name: 'Book a place' }).click();
    await box(attendee.page, 'Dietary needs').fill('Vegetarian');
    await attendee.check('book-a-place');
    await attendee.page.getByRole('button', { name: 'Save', exact: true }).click();
    await attendee.page
      .getByRole('heading', { level: 1, name: /Soldering for beginners/ })
      .waitFor();
    expect(await stateOf(attendee.page)).toBe('Confirmed');
    expect(await attendee.page.getByRole('button', { name: 'Cancel' }).count()).toBe(1);
    await attendee.check('booking');

    await attendee.open(`/bookings/new?event=${eventUrl.split('/').pop()}`);
    await attendee.page.getByRole('button', { name: 'Save', exact: true }).click();
    await attendee.page.getByRole('alert').waitFor();
    expect(await attendee.page.getByRole('alert').textContent()).toContain(
      'You already have a place at this workshop.',
    );
    await attendee.check('book-again-refused');
  });

  it('shows the seats left, counted from bookings, in the list and the detail, sorted by them', async () => {
    const v = await visitor(app.browser, app.served.url, 'workshops-seats');
    await v.open('/events');
    const header = v.page.getByRole('columnheader', { name: 'Seats left' });
    const column = await header.evaluate((th) => (th as HTMLTableCellElement).cellIndex);
    const row = v.page.getByRole('row', { name: /Soldering for beginners/ });
    // DEFAULT_CAPACITY places, one of them booked by the attendee.
    expect((await row.getByRole('cell').nth(column).textContent())?.trim()).toBe('11');
    const sorted = v.page.waitForResponse((r) => r.url().includes('sort=-seatsLeft'));
    await header.getByRole('button').click();
    await header.getByRole('button').click();
    expect((await sorted).status()).toBe(200);
    await v.page.waitForFunction(
      () => document.querySelector('th[aria-sort="descending"]')?.textContent === 'Seats left',
    );
    expect((await row.getByRole('cell').nth(column).textContent())?.trim()).toBe('11');
    await v.open(eventUrl);
    const detail = (await v.page.locator('main').textContent()) ?? '';
    expect(detail).toMatch(/Seats left\s*11/);
    await v.close();
  });

  it('shows the organiser who booked their workshop, on its page', async () => {
    await organiser.open(eventUrl);
    const bookings = organiser.page.getByRole('region', { name: 'Bookings' });
    const row = bookings.getByRole('listitem');
    expect(await row.count()).toBe(1);
    // The attendee by name (organisers may read it), the booking's state as a badge, no workshop.
    expect(await row.textContent()).toMatch(/^Ana Attendee\s*Confirmed/);
    expect(await row.textContent()).not.toContain('Soldering');
    await organiser.check('workshop-bookings');
    // On a phone, in the dark theme, the list still fits and reads.
    await organiser.page.setViewportSize({ width: 390, height: 844 });
    await organiser.page.getByRole('button', { name: 'Use the dark theme' }).click();
    const overflow = await organiser.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await organiser.check('phone-workshop-bookings-dark');
    await organiser.page.getByRole('button', { name: 'Use the light theme' }).click();
    await organiser.page.setViewportSize({ width: 1280, height: 900 });
    // Each booking opens on its own screen.
    await row.getByRole('link', { name: 'Ana Attendee' }).click();
    await organiser.page
      .getByRole('heading', { level: 1, name: /Soldering for beginners/ })
      .waitFor();
    expect(await organiser.page.locator('main').textContent()).toContain('Vegetarian');
  });

  it('offers no booking form to an organiser who may not book', async () => {
    const otto = await visitor(app.browser, app.served.url, 'workshops-organiser-only');
    await signIn(otto, 'otto@make.test', PASSWORD, 'Otto Organiser');
    await otto.open(eventUrl);
    const bookings = otto.page.getByRole('region', { name: 'Bookings' });
    // They may read the bookings of their own workshops only: this one shows none.
    await bookings.getByText('No bookings yet.').waitFor();
    expect(await otto.page.getByRole('link', { name: 'Book a place' }).count()).toBe(0);
    expect(await otto.page.getByRole('button', { name: /Add/ }).count()).toBe(0);
    await otto.check('workshop');
    await otto.close();
  });

  it('keeps organiser and admin screens away from the attendee', async () => {
    expect(await navigation(attendee.page)).toEqual([
      'Code of conduct',
      'Workshops',
      'My bookings',
      'Leave feedback',
      'Venues',
    ]);
    await attendee.open('/my/events');
    expect(await attendee.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
    await attendee.check('my-events-forbidden');
    await attendee.open('/venues/new');
    expect(await attendee.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'This page is not for your account',
    );
    await attendee.close();
    await organiser.close();
  });
});
