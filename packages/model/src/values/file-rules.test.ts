import { describe, expect, it } from 'vitest';
import type { Field } from '../entity.js';
import { fieldRuleProblem } from './check-field-rules.js';
import { acceptAttribute, fileKindsInWords, sizeInWords } from './file-rules.js';

const receipt: Field = {
  name: 'receipt',
  type: { kind: 'file' },
  required: false,
  builtin: false,
  rules: [
    { kind: 'fileKinds', kinds: ['image', 'pdf', '.heic'] },
    { kind: 'maxBytes', value: 5 * 1024 * 1024 },
  ],
};
const problem = (file: { name: string; type: string; size: number }) =>
  fieldRuleProblem({ field: receipt }, { ...file, base64: '' }, '2025-01-01');

describe('file rules', () => {
  it('accept images, PDFs and the extensions named, up to the size', () => {
    expect(problem({ name: 'a.png', type: 'image/png', size: 10 })).toBeUndefined();
    expect(problem({ name: 'scan', type: 'application/pdf', size: 10 })).toBeUndefined();
    expect(
      problem({ name: 'IMG_1.HEIC', type: 'application/octet-stream', size: 5 * 1024 * 1024 }),
    ).toBeUndefined();
  });

  it('refuse another kind, an SVG included, saying which kinds are taken', () => {
    const svg = problem({ name: 'a.svg', type: 'image/svg+xml', size: 10 });
    expect(svg).toBe('must be an image, a PDF or a .heic file');
    expect(problem({ name: 'a.docx', type: 'application/msword', size: 10 })).toBe(svg);
  });

  it('refuse a file one byte too large, saying the size', () => {
    const big = problem({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 });
    expect(big).toBe('must be at most 5 MB');
  });

  it('say kinds and sizes in words, and as an input`s accept attribute', () => {
    expect(fileKindsInWords(['pdf'])).toBe('a PDF');
    expect(sizeInWords(1536)).toBe('1.5 KB');
    expect(sizeInWords(100)).toBe('100 bytes');
    expect(acceptAttribute(['pdf', '.csv'])).toBe('application/pdf,.csv');
  });
});
