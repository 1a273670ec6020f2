import { describe, expect, it } from 'vitest';
import type { Field } from '../entity.js';
import { checkFields } from './check-fields.js';
import { MAX_FILES_IN_LIST, readFileList } from './file-list-value.js';

const photos: Field = {
  name: 'photos',
  type: { kind: 'files' },
  required: false,
  builtin: false,
  rules: [
    { kind: 'fileKinds', kinds: ['image'] },
    { kind: 'maxBytes', value: 1024 },
    { kind: 'items', max: 2 },
  ],
};
const entity = { fields: new Map([['photos', { field: photos }]]) };
const settings = { today: '2025-01-01', roles: [] };
const check = (value: unknown) => checkFields(entity, { photos: value }, ['photos'], settings);
const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes).toString('base64')}`;
const URL = '/api/_files/Claim/1/photos/2';

describe('a list of files as sent', () => {
  it('reads new files and stored ones kept, by their address alone', () => {
    const read = readFileList([png(3), { name: 'a.png', type: 'x', size: 1, url: URL }], 'photos');
    expect(read).toEqual({
      ok: true,
      items: [{ name: 'photos.png', type: 'image/png', size: 3, base64: 'AAAA' }, { url: URL }],
    });
  });

  it('refuses what is not a list, a bad file in it, a stored file named twice, and too many', () => {
    expect(readFileList(png(3), 'photos').ok).toBe(false);
    expect(readFileList([png(3), 'nothing'], 'photos')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^file 2 /),
    });
    expect(readFileList([{ url: URL }, { url: URL }], 'photos')).toMatchObject({ ok: false });
    const many = Array.from({ length: MAX_FILES_IN_LIST + 1 }, () => png(1));
    expect(readFileList(many, 'photos')).toMatchObject({ ok: false });
  });

  it('checks each new file against the rules, and the number of files', () => {
    expect(check([png(10), { url: URL }]).problems.size).toBe(0);
    expect(check(['data:application/pdf;base64,AAAA']).problems.get('photos')).toBe(
      'must each be an image',
    );
    expect(check([png(1025)]).problems.get('photos')).toBe('must each be at most 1 KB');
    expect(check([png(1), png(1), png(1)]).problems.get('photos')).toBe(
      'must have at most 2 files',
    );
  });

  it('takes no files as an empty list', () => {
    expect(check(null).values).toEqual({ photos: [] });
    expect(check([]).values).toEqual({ photos: [] });
  });
});
