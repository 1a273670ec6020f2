import type { Actor } from '@specrun/server';
import { describe, expect, it } from 'vitest';
import { workshopsCases } from '../../packages/server/test/operations/support/cases-workshops.js';
import { lifecycleHarnessOn } from '../../packages/server/test/lifecycle/support/lifecycle-harness.js';
import { examplePath } from '../support/examples.js';
import { PASSWORD } from './support/serve-app.js';
import { settled, signIn, visitor } from './support/ui.js';
import { useServedApp } from './support/use-served-app.js';

// A create form's picker offers only what the server would accept: an organiser who also attends
// sees their own workshop in "Book a place", but cannot choose it (section 6: an attendee books
// workshops organised by someone else), and books another's.

const OWN = 'Soldering for beginners';
const OTHER = 'Throwing pots on the wheel';

describe('a create form’s picker', () => {
  const app = useServedApp(examplePath('workshops'), async (served) => {
    const h = lifecycleHarnessOn(served.store, served.model, workshopsCases.overrides);
    const person = async (email: string, name: string, roles: string[]): Promise<Actor> => ({
      id: await served.addUser(email, name, roles),
      email,
      name,
      roles,
      fields: {},
    });
    const dana = await person('dana@workshops.test', 'Dana Both', ['attendee', 'organizer']);
    const olga = await person('olga@workshops.test', 'Olga Organiser', ['organizer']);
    for (const [title, organizer] of [
      [OWN, dana],
      [OTHER, olga],
    ] as const) {
      const event = await h.make('Event', organizer, { title });
      await h.setState('Event', event.id, 'published');
    }
  });

  it('shows the reader’s own workshop as one they cannot book, and books another', async () => {
    const dana = await visitor(app.browser, app.served.url, 'choices-dana');
    await signIn(dana, 'dana@workshops.test', PASSWORD, 'Dana Both');
    await dana.open('/bookings/new');
    await dana.page
      .locator('main')
      .getByLabel(/^Event( \*)?$/)
      .click();
    const listbox = dana.page.getByRole('listbox');
    const own = listbox.getByRole('option', { name: new RegExp(`^${OWN}`) });
    const other = listbox.getByRole('option', { name: OTHER, exact: true });
    await other.waitFor();
    await expect.poll(() => own.getAttribute('aria-disabled')).toBe('true');
    expect(await own.textContent()).toBe(`${OWN} (you cannot add a booking to it)`);
    expect(await other.getAttribute('aria-disabled')).toBeNull();
    await other.click();
    await listbox.waitFor({ state: 'hidden' });
    await dana.check('booking-form-chosen');
    await dana.page.getByRole('button', { name: 'Save', exact: true }).click();
    await dana.page.waitForURL(
      (url) => /^\/bookings\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    );
    // The address changes before the booking's screen is drawn: the form, then the screen's
    // placeholder, may still be showing when settled() looks, so the text is waited for.
    await expect.poll(() => dana.page.getByRole('main').textContent()).toContain(OTHER);
    await settled(dana.page);
    await dana.close();
  });

  it('says its picker is busy while the choices load, and ready once they have', async () => {
    const dana = await visitor(app.browser, app.served.url, 'choices-busy');
    await signIn(dana, 'dana@workshops.test', PASSWORD, 'Dana Both');
    // The events the picker lists are held back until the test lets them through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await dana.page.route(
      (url) => url.pathname === '/api/events',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await dana.page.goto(`${app.served.url}/bookings/new`);
    const picker = dana.page.locator('main').getByLabel(/^Event( \*)?$/);
    await expect.poll(() => picker.getAttribute('aria-busy')).toBe('true');
    expect(await picker.isDisabled()).toBe(true);
    release();
    await expect.poll(() => picker.getAttribute('aria-busy')).toBeNull();
    expect(await picker.isDisabled()).toBe(false);
    await dana.close();
  });
});
