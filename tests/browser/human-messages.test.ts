import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from './support/api-as.js';
import { PASSWORD } from './support/serve-app.js';
import { apiWrites, box, fieldError, settled, signIn, visitor } from './support/ui.js';
import { useServedApp } from './support/use-served-app.js';

/** The hint under an input, by the input's label: the description its aria-describedby names. */
async function fieldHint(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(new RegExp(`^${label}( \\*)?$`));
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/);
  const hint = ids.find((id) => id.endsWith('-description'));
  return hint ? ((await page.locator(`[id="${hint}"]`).textContent()) ?? '').trim() : '';
}

/** What has keyboard focus: its tag, its text, its type and its label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const labels = active instanceof HTMLInputElement ? active.labels : null;
    return {
      tag: active?.tagName.toLowerCase(),
      text: active?.textContent?.trim(),
      type: active?.getAttribute('type'),
      label: labels?.[0]?.textContent?.trim() ?? null,
    };
  });

/** Switches to the dark theme, by its toggle in the header (pressed from script under a dialog). */
const darkTheme = (page: Page) =>
  page.evaluate(() =>
    document.querySelector<HTMLElement>('button[aria-label="Use the dark theme"]')?.click(),
  );

describe('human messages and focus in the lending library', () => {
  const app = useServedApp('examples/library.spec.md', async (served) => {
    await served.addUser('liam@library.test', 'Liam Librarian', ['librarian']);
  });

  it('hints a pattern in words and blocks Save while the cover is too large to send', async () => {
    const librarian = await visitor(app.browser, app.served.url, 'messages-librarian');
    await signIn(librarian, 'liam@library.test', PASSWORD, 'Liam Librarian');
    await librarian.open('/books/new');
    const { page } = librarian;
    // The ISBN's pattern, in words: never the regular expression.
    const isbnHint = await fieldHint(page, 'Isbn');
    expect(isbnHint).toContain('In the expected form for isbn');
    expect(isbnHint).not.toMatch(/[\^$[\]{}\\]/);
    await box(page, 'Title').fill('Ulysses');
    await box(page, 'Author').fill('James Joyce');
    await box(page, 'Isbn').fill('9780141182803');
    await box(page, 'Replacement cost').fill('14.99');
    // A cover larger than MAX_REQUEST_BYTES (1 MB) can carry: flagged at once, kept in the form.
    await page.getByLabel('Cover').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(1_200_000, 1),
    });
    const tooLarge =
      'This file is too large to send: at most 712 KB can be sent. Choose a smaller file, or remove it.';
    expect(await fieldError(page, 'Cover')).toBe(tooLarge);
    const writes = apiWrites(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Refused: nothing sent, the form stays with its message, focus on the box to fix.
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'input', type: 'file', label: 'Cover' });
    expect(writes).toEqual([]);
    expect(await fieldError(page, 'Cover')).toBe(tooLarge);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Add a book');
    await librarian.check('cover-too-large');
    await darkTheme(page);
    await librarian.check('cover-too-large-dark');
    // Without the file, it saves, and focus goes to the new book's heading.
    await page.getByRole('button', { name: 'Remove the file' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Ulysses' }).waitFor();
    await expect
      .poll(() => focused(page))
      .toEqual({ tag: 'h1', text: 'Ulysses', type: null, label: null });
    expect(writes).toEqual(['POST /api/books']);
    await librarian.close();
  });

  it('keeps focus on the header that sorted the list', async () => {
    const reader = await visitor(app.browser, app.served.url, 'messages-catalogue');
    await reader.open('/books');
    const { page } = reader;
    const header = page.getByRole('columnheader', { name: 'Author' });
    await header.getByRole('button').click();
    await page.waitForURL(/sort=author/);
    await settled(page);
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', text: 'Author' });
    // Pressed again from the keyboard: descending, focus still there.
    await page.keyboard.press('Enter');
    await page.waitForURL(/sort=-author/);
    await settled(page);
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', text: 'Author' });
    await reader.check('catalogue-sorted');
    await reader.close();
  });
});

describe('a dialog’s input refused at the input, in the makerspace workshops', () => {
  const app = useServedApp('examples/workshops.spec.md', async (served) => {
    await served.addUser('ada@make.test', 'Ada Admin', ['admin']);
    await served.addUser('otto@make.test', 'Otto Organiser', ['organizer']);
  });

  it('says what a too-short reason needs at the Reason box, and focuses it', async () => {
    const ada = await apiAs(app.served.url, 'ada@make.test');
    const venue = (await ada('POST', '/api/venues', {
      name: 'Main hall',
      address: '1 Workshop Lane',
      capacity: 40,
    })) as { id: string };
    const otto = await apiAs(app.served.url, 'otto@make.test');
    const tag = (await otto('POST', '/api/tags', { name: 'wood' })) as { id: string };
    const starts = Date.now() + 7 * 24 * 3_600_000;
    const event = (await otto('POST', '/api/events', {
      title: 'Carving a spoon',
      summary: 'Carve a wooden spoon from green wood, tools provided.',
      tags: [tag.id],
      startsAt: new Date(starts).toISOString(),
      endsAt: new Date(starts + 7_200_000).toISOString(),
      venue: venue.id,
    })) as { id: string };

    const organiser = await visitor(app.browser, app.served.url, 'messages-organiser');
    await signIn(organiser, 'otto@make.test', PASSWORD, 'Otto Organiser');
    await organiser.open(`/events/${event.id}`);
    const { page } = organiser;
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The guard `size(input.reason) >= 5`, as a hint in words.
    expect(await fieldHint(page, 'Reason')).toBe('At least 5 characters');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('no');
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    expect(await fieldError(page, 'Reason')).toBe('Reason must be at least 5 characters.');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'input', label: 'Reason *' });
    // Not the action's refusal: the problem is the input's.
    expect(await dialog.textContent()).not.toContain('not possible now');
    await organiser.check('cancel-reason-too-short');
    await darkTheme(page);
    await organiser.check('cancel-reason-too-short-dark');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The wood did not arrive');
    await dialog.getByRole('button', { name: 'Cancel event' }).click();
    await page.getByText('Cancel: done').waitFor();
    await organiser.close();
  });
});
