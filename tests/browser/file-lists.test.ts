import { describe, expect, it } from 'vitest';
import { ALBUMS_PATH } from '../support/albums.js';
import { PASSWORD } from './support/serve-app.js';
import { box, signIn, visitor } from './support/ui.js';
import { useServedApp } from './support/use-served-app.js';

// A `list of files` in the browser: the form offers a picker of several files, of the kinds the
// field accepts; the record's page shows the images as thumbnails and the others as links; an
// edit removes one file and adds another, keeping the rest.

// A one-pixel PNG, twice under other names, and bytes that are a PDF only by their type.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');
const FILE_URL = /^\/api\/_files\/Album\/[^/]+\/photos\/[^/]+$/;

describe('a list of files in the browser', () => {
  const app = useServedApp(ALBUMS_PATH, async (served) => {
    await served.addUser('kim@albums.test', 'Kim Keeper', ['keeper']);
  });

  it('takes several files at once, shows them, and removes one while adding another', async () => {
    const kim = await visitor(app.browser, app.served.url, 'file-lists');
    await signIn(kim, 'kim@albums.test', PASSWORD, 'Kim Keeper');
    await kim.open('/albums/new');
    await box(kim.page, 'Title').fill('Holidays');
    const picker = kim.page.getByLabel('Photos');
    expect(await picker.getAttribute('multiple')).not.toBeNull();
    expect(await picker.getAttribute('accept')).toBe(
      'image/png,image/jpeg,image/gif,image/webp,image/avif,application/pdf',
    );
    await picker.setInputFiles([
      { name: 'beach.png', mimeType: 'image/png', buffer: PNG },
      { name: 'tickets.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await kim.page.getByText('tickets.pdf').waitFor();
    await kim.check('album-form');
    await kim.page.getByRole('button', { name: 'Save', exact: true }).click();
    await kim.page.getByRole('heading', { level: 1, name: 'Holidays' }).waitFor();

    // An image shows itself, from its own address; any other file is a link to download it.
    const beach = kim.page.getByRole('img', { name: 'photos: beach.png' });
    await beach.waitFor();
    expect(await beach.getAttribute('src')).toMatch(FILE_URL);
    await expect
      .poll(() => beach.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    const tickets = await kim.page
      .getByRole('link', { name: /^tickets\.pdf/ })
      .getAttribute('href');
    expect(tickets).toMatch(FILE_URL);
    expect(await kim.page.getByRole('img', { name: /tickets/ }).count()).toBe(0);
    await kim.check('album');

    await kim.page.getByRole('link', { name: 'Edit album' }).click();
    await kim.page.getByRole('button', { name: 'Remove beach.png' }).click();
    await kim.page
      .getByLabel('Photos')
      .setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: PNG });
    await kim.page.getByText('sunset.png').waitFor();
    await kim.page.getByRole('button', { name: 'Save changes' }).click();
    await kim.page.getByRole('img', { name: 'photos: sunset.png' }).waitFor();
    expect(await kim.page.getByRole('img', { name: 'photos: beach.png' }).count()).toBe(0);
    // The PDF kept is the same stored file, at the same address.
    const kept = kim.page.getByRole('link', { name: /^tickets\.pdf/ });
    expect(await kept.getAttribute('href')).toBe(tickets);
    await kim.close();
  });
});
