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
  showsText,
} from '../support/ui.js';
import { useServedApp } from '../support/use-served-app.js';

const SPEC = 'examples/workshops.spec.md';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A wall-clock time some days ahead, as a datetime-local input takes it. */
const daysAhead = (days: number, time: string) =>
  `${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T${time}`;
/** The same wall-clock time as a person in an en-GB application types it: day first. */
const dayFirst = (days: number, time: string) => {
  const [year, month, day] = daysAhead(days, time).slice(0, 10).split('-');
  return `${day}/${month}/${year} ${time}`;
};
/** That day as the app writes it: "10 Dec 2026". */
const shownDay = (days: number) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.now() + days * DAY),
  );
const YEAR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric' });
/** The code of the year's nth booking: numbered BK-{yyyy}-{nnnn}, in the app's time zone. */
const code = (n: number) => `BK-${YEAR.format(new Date())}-${String(n).padStart(4, '0')}`;

// The scheduler's clock: the real one, moved on by hand to let a workshop end.
let ahead = 0;
const clock = () => new Date(Date.now() + ahead);

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

  const app = useServedApp(
    SPEC,
    async (served) => {
      await served.addUser('ada@make.test', 'Ada Admin', ['admin']);
      // An organiser who does not attend: they may not book a place.
      await served.addUser('otto@make.test', 'Otto Organiser', ['organizer']);
      // Members who book the small workshop besides Ana.
      await served.addUser('dev@make.test', 'Dev Early', ['attendee']);
      await served.addUser('ben@make.test', 'Ben Booker', ['attendee']);
      await served.addUser('cleo@make.test', 'Cleo Late', ['attendee']);
    },
    { scheduler: { clock, intervalMs: 0 } },
  );

  it('shows a visitor the workshops and the code of conduct, and invites them to join', async () => {
    const v = await visitor(app.browser, app.served.url, 'workshops-visitor');
    await v.open('/');
    expect(await v.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Makerspace Workshops',
    );
    expect(await navigation(v.page)).toEqual(['Code of conduct', 'Workshops', 'Venues']);
    await v.check('home');
    await v.open('/code-of-conduct');
    // The page names CANCEL_NOTICE, and shows its value as section 9 writes it.
    expect(await v.page.locator('main').textContent()).toContain(
      'If you cannot come, cancel at least 24h before the workshop',
    );
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
    await showsText(admin.page.locator('main'), 'Main hall');
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
    // No screen creates tags, but section 6 lets organisers create them: the Tags picker offers
    // to create the one it is missing, in a dialog, and chooses it once saved.
    await organiser.open('/events/new');
    await organiser.check('new-workshop');
    await box(organiser.page, 'Title').fill('Soldering for beginners');
    await box(organiser.page, 'Summary').fill('Learn to solder a small LED badge, tools provided.');
    const tags = organiser.page.getByRole('combobox', { name: 'Tags' });
    await tags.click();
    await tags.fill('electronics');
    await organiser.page.getByRole('option', { name: 'Create tag “electronics”' }).click();
    const dialog = organiser.page.getByRole('dialog', { name: 'New tag' });
    expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('electronics');
    await organiser.check('new-tag');
    await dialog.getByRole('button', { name: 'Create tag' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Chosen at once, and found by the server's search of tag names from then on.
    expect(await organiser.page.getByText('electronics', { exact: true }).count()).toBeGreaterThan(
      0,
    );
    const searched = organiser.page.waitForRequest((r) =>
      decodeURIComponent(r.url()).includes('filter=record.name.lowerAscii().contains("elec")'),
    );
    await tags.fill('ELEC');
    await searched;
    await organiser.page.getByRole('option', { name: 'Create tag “ELEC”' }).waitFor();
    await tags.fill('');
    await organiser.page.keyboard.press('Escape');
    // Typed day first, as the application's en-GB writes dates (not the browser's mm/dd/yyyy).
    const startsAt = organiser.page.getByLabel('Starts at');
    await startsAt.fill('31/02/2027 18:00');
    await startsAt.blur();
    expect(await fieldError(organiser.page, 'Starts at')).toBe(
      'Starts at must be a date and time written as 30/06/2025 14:05.',
    );
    await startsAt.fill(dayFirst(7, '18:00'));
    await organiser.page.getByLabel('Ends at').fill(dayFirst(7, '17:00'));
    await organiser.page.getByRole('combobox', { name: 'Venue' }).click();
    await organiser.page.getByRole('option', { name: 'Main hall' }).click();
    await organiser.page.getByRole('button', { name: 'Save', exact: true }).click();
    // The form's own alert, not the toast that said the tag was created.
    await organiser.page.locator('main').getByRole('alert').waitFor();
    expect(await organiser.page.locator('main').textContent()).toContain(
      'A workshop must end after it starts.',
    );
    await organiser.check('new-workshop-refused');
    // ISO text, as pasted, is read in any language.
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
    // The day typed first is the day: "10 Dec 2026, 18:00" when typed 10/12/2026 18:00.
    expect(text).toContain(`${shownDay(7)}, 18:00`);
    expect(text).toContain(`${shownDay(7)}, 20:00`);
    await organiser.check('workshop-draft');
  });

  it('lets the organiser change the price, the edit in its history in the application’s words', async () => {
    // Section 1's Language marks the page, and writes its amounts and dates.
    expect(await organiser.page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
    await organiser.page.getByRole('link', { name: 'Edit workshop' }).click();
    // The stored instant, back in the form as the application writes it: day first.
    await expect
      .poll(() => organiser.page.getByLabel('Starts at').inputValue())
      .toBe(dayFirst(7, '18:00'));
    await box(organiser.page, 'Price').fill('5.00');
    await organiser.page.getByRole('button', { name: 'Save changes' }).click();
    await organiser.page
      .getByRole('heading', { level: 1, name: 'Soldering for beginners' })
      .waitFor();
    await expect
      .poll(() => historyText(organiser.page))
      .toMatch(/Edited.*by You\s*Price: £0\.00 → £5\.00/);
  });

  it('lets the organiser publish it, the step in its history', async () => {
    await takeAction(organiser.page, 'Publish');
    await organiser.page.getByText('Publish: done').waitFor();
    expect(await stateOf(organiser.page)).toBe('Published');
    // The Sets of the step too, its instant day first as en-GB writes it.
    await expect
      .poll(() => historyText(organiser.page))
      .toMatch(
        /Publish.*Draft → Published.*by You\s*Published at: —empty → \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/,
      );
    await organiser.check('workshop-published');
  });

  it('lets an attendee book a place from the workshop, but only one', async () => {
    attendee = await visitor(app.browser, app.served.url, 'workshops-attendee');
    await signUp(attendee, 'Ana Attendee', 'ana@make.test', async (page) => {
      // The role every account gets, said as a sentence says it.
      await page.getByText('You join as an attendee: Books places at workshops.').waitFor();
      await page.getByText('Every account is an attendee.').waitFor();
    });
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
    // The booking is known by the code the engine gave it: the year's first.
    await attendee.page.getByRole('heading', { level: 1, name: code(1) }).waitFor();
    await showsText(attendee.page.locator('main'), 'Soldering for beginners');
    expect(await stateOf(attendee.page)).toBe('Confirmed');
    expect(await attendee.page.getByRole('button', { name: 'Cancel' }).count()).toBe(1);
    await attendee.check('booking');
    // Booked: the workshop's page no longer offers a place the server would now refuse.
    await attendee.open(eventUrl);
    await attendee.page
      .getByRole('heading', { level: 1, name: 'Soldering for beginners' })
      .waitFor();
    expect(await attendee.page.getByRole('link', { name: 'Book a place' }).count()).toBe(0);

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
    // The booking's code, its state as a badge, the attendee by name (organisers may read it), no
    // workshop.
    expect(await row.textContent()).toMatch(new RegExp(`^${code(1)}\\s*Confirmed\\s*Ana Attendee`));
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
    await row.getByRole('link', { name: code(1) }).click();
    await organiser.page.getByRole('heading', { level: 1, name: code(1) }).waitFor();
    await showsText(organiser.page.locator('main'), 'Vegetarian');
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

  it('offers an admin no Delete on a workshop that has bookings, and says why', async () => {
    const admin = await visitor(app.browser, app.served.url, 'workshops-admin-booked');
    await signIn(admin, 'ada@make.test', PASSWORD, 'Ada Admin');
    await admin.open(eventUrl);
    const main = admin.page.locator('main');
    // Section 6 lets an admin delete any workshop, but the server refuses one booked (IN_USE):
    // it is not offered, and the page says so instead.
    await showsText(main, 'Delete is not possible now: other records still refer to this event.');
    expect(await admin.page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await admin.check('booked-workshop-admin');
    await admin.close();
  });

  describe('a small workshop, full, with a waiting list', () => {
    let ben: Visitor;
    let sewing = '';
    let sewingUrl = '';
    let devBooking = '';
    let benBookingUrl = '';
    let anaBookingUrl = '';
    let endsAt = 0;

    /** The rows of the workshop's Bookings list as the organiser sees them, oldest first. */
    async function bookingRows(): Promise<string[]> {
      await organiser.open(sewingUrl);
      const rows = organiser.page.getByRole('region', { name: 'Bookings' }).getByRole('listitem');
      // Code, state, attendee; the date each was made follows.
      return (await rows.allTextContents()).map((t) => t.replace(/ · .*$/, ''));
    }

    it('puts a booking on the waiting list once the places are taken, each booking numbered in turn', async () => {
      // Olga publishes a workshop of two places through the API; Dev takes the first place.
      const olga = await apiAs(app.served.url, 'olga@make.test');
      const tag = (await olga('POST', '/api/tags', { name: 'textiles' })) as { id: string };
      const venues = (await olga('GET', '/api/venues')) as { items: { id: string }[] };
      // Three days ahead at 10:00 UTC: more than MIN_NOTICE (48h) to publish it, and a day for
      // cancelling in time (CANCEL_NOTICE).
      const starts = Date.parse(`${daysAhead(3, '10:00')}:00Z`);
      const event = (await olga('POST', '/api/events', {
        title: 'Sewing a tote bag',
        summary: 'Cut, pin and sew a canvas tote bag to take home.',
        tags: [tag.id],
        startsAt: new Date(starts).toISOString(),
        endsAt: new Date(starts + 2 * HOUR).toISOString(),
        venue: venues.items[0]!.id,
        capacity: 2,
      })) as { id: string };
      await olga('POST', `/api/events/${event.id}/publish`, {});
      sewing = event.id;
      sewingUrl = `/events/${sewing}`;
      const dev = await apiAs(app.served.url, 'dev@make.test');
      devBooking = ((await dev('POST', '/api/bookings', { event: sewing })) as { id: string }).id;

      // Ana takes the last place. Her refused second booking took no number: hers is the third.
      await attendee.open(sewingUrl);
      await attendee.page.getByRole('link', { name: 'Book a place' }).click();
      await attendee.page.getByRole('button', { name: 'Save', exact: true }).click();
      await attendee.page.getByRole('heading', { level: 1, name: code(3) }).waitFor();
      expect(await stateOf(attendee.page)).toBe('Confirmed');
      anaBookingUrl = new URL(attendee.page.url()).pathname;

      // Ben books a full workshop: he waits on its list.
      ben = await visitor(app.browser, app.served.url, 'workshops-waitlisted');
      await signIn(ben, 'ben@make.test', PASSWORD, 'Ben Booker');
      await ben.open(sewingUrl);
      await ben.page.getByRole('link', { name: 'Book a place' }).click();
      await ben.page.getByRole('button', { name: 'Save', exact: true }).click();
      await ben.page.getByRole('heading', { level: 1, name: code(4) }).waitFor();
      expect(await stateOf(ben.page)).toBe('Waitlisted');
      benBookingUrl = new URL(ben.page.url()).pathname;
      await ben.check('booking-waitlisted');
      await ben.open('/bookings');
      const mine = ben.page.getByRole('row', { name: new RegExp(code(4)) });
      expect(await mine.textContent()).toMatch(/Sewing a tote bag.*Waitlisted/);
      await ben.check('my-bookings');
      // A reference column sorts by the title of the record it points to, never by its id.
      const byWorkshop = ben.page.waitForResponse((r) => r.url().includes('sort=event.title'));
      await ben.page.getByRole('columnheader', { name: 'Event' }).getByRole('button').click();
      expect((await byWorkshop).status()).toBe(200);

      // Cleo waits after him.
      const cleo = await apiAs(app.served.url, 'cleo@make.test');
      await cleo('POST', '/api/bookings', { event: sewing });
      expect(await bookingRows()).toEqual([
        `${code(2)}ConfirmedDev Early`,
        `${code(3)}ConfirmedAna Attendee`,
        `${code(4)}WaitlistedBen Booker`,
        `${code(5)}WaitlistedCleo Late`,
      ]);
      expect(await organiser.page.locator('main').textContent()).toMatch(/Seats left\s*0/);
      await organiser.check('workshop-waitlist');
    });

    it('gives a place cancelled in the UI to the booking that has waited longest, as its history shows', async () => {
      await attendee.open(anaBookingUrl);
      await attendee.page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await attendee.page
        .getByRole('dialog')
        .getByRole('button', { name: 'Cancel booking', exact: true })
        .click();
      await attendee.page.getByText('Cancel: done').waitFor();
      expect(await stateOf(attendee.page)).toBe('Cancelled');

      await ben.open(benBookingUrl);
      expect(await stateOf(ben.page)).toBe('Confirmed');
      // Promoted by Ana's cancellation, which the server does not name to Ben: it is her account.
      expect(await historyText(ben.page)).toMatch(
        /Promote\s*Waitlisted → Confirmed.*by someone\s*Cause: Booking cancel/,
      );
      await ben.check('booking-promoted');
      // The organiser, who may read her account, is told who.
      await organiser.open(benBookingUrl);
      expect(await historyText(organiser.page)).toMatch(
        /Promote\s*Waitlisted → Confirmed.*by Ana Attendee\s*Cause: Booking cancel/,
      );

      expect(await bookingRows()).toEqual([
        `${code(2)}ConfirmedDev Early`,
        `${code(3)}CancelledAna Attendee`,
        `${code(4)}ConfirmedBen Booker`,
        `${code(5)}WaitlistedCleo Late`,
      ]);
      await organiser.check('workshop-promoted');
    });

    it('lets the organiser check a participant in from the workshop’s page once check-in opens', async () => {
      await organiser.open(sewingUrl);
      const bookings = organiser.page.getByRole('region', { name: 'Bookings' });
      await bookings.getByRole('link', { name: code(4) }).click();
      await organiser.page.getByRole('heading', { level: 1, name: code(4) }).waitFor();
      // Three days ahead, check-in is not open yet: the action is not offered.
      expect(await organiser.page.getByRole('button', { name: 'Check in' }).count()).toBe(0);

      // The days go by: the workshop now starts in twenty minutes, within CHECK_IN_OPENS (30m).
      const starts = Date.now() + 20 * MINUTE;
      endsAt = starts + 2 * HOUR;
      await app.served.store.db
        .updateTable('events')
        .set({ startsAt: new Date(starts).toISOString(), endsAt: new Date(endsAt).toISOString() })
        .where('id', '=', sewing)
        .execute();
      await organiser.open(sewingUrl);
      await bookings.getByRole('link', { name: code(4) }).click();
      await organiser.page.getByRole('heading', { level: 1, name: code(4) }).waitFor();
      await takeAction(organiser.page, 'Check in');
      await organiser.page.getByText('Check in: done').waitFor();
      expect(await stateOf(organiser.page)).toBe('Attended');
      expect(await historyText(organiser.page)).toMatch(/Check in\s*Confirmed → Attended.*by You/);
      await organiser.check('booking-checked-in');
    });

    it('marks the place nobody came for missed, by the System, two hours after the workshop', async () => {
      const scheduler = app.served.app.scheduler!;
      // NO_SHOW_AFTER (2h) after the end: a minute before, nothing is due.
      ahead = endsAt + 2 * HOUR - MINUTE - Date.now();
      expect((await scheduler.tick()).taken).toEqual([]);
      ahead = endsAt + 2 * HOUR + MINUTE - Date.now();
      // Dev's confirmed place only: Ben attended, Ana cancelled, Cleo never had a place.
      expect((await scheduler.tick()).taken).toEqual([`Booking miss ${devBooking}`]);
      await organiser.open(`/bookings/${devBooking}`);
      await organiser.page.getByRole('heading', { level: 1, name: code(2) }).waitFor();
      expect(await stateOf(organiser.page)).toBe('Missed');
      expect(await historyText(organiser.page)).toMatch(/Miss\s*Confirmed → Missed.*by System/);
      await organiser.check('booking-missed');
      expect(await bookingRows()).toEqual([
        `${code(2)}MissedDev Early`,
        `${code(3)}CancelledAna Attendee`,
        `${code(4)}AttendedBen Booker`,
        `${code(5)}WaitlistedCleo Late`,
      ]);
      await organiser.check('workshop-after');
      await ben.close();
    });
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
