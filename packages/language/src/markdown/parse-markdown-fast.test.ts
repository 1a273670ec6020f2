import { readdirSync, readFileSync } from 'node:fs';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdownFast } from './parse-markdown-fast.js';

const reference = unified().use(remarkParse).use(remarkGfm);

const folder = (url: URL) =>
  readdirSync(url)
    .filter((f) => /\.(md|txt)$/.test(f))
    .map((f) => new URL(f, url));

const documents = [
  ...folder(new URL('../../../../examples/', import.meta.url)),
  new URL('../../../../docs/spec-language.md', import.meta.url),
];

describe('parseMarkdownFast', () => {
  it.each(documents.map((url) => [url.pathname.split('/').slice(-2).join('/'), url]))(
    'reads %s into the same tree as remark-gfm',
    (_name, url) => {
      const text = readFileSync(url, 'utf8');
      expect(parseMarkdownFast(text)).toEqual(reference.parse(text));
    },
  );

  const cases: Record<string, string> = {
    'escaped pipes in code': '| Rule | Error |\n|---|---|\n| `a \\|\\| b` | X |\n',
    'double-backtick code with a backtick inside': '| R |\n|---|\n| ``pattern `^[A-Z]{3}$` `` |\n',
    'rows without outer pipes': 'a | b\n--- | ---\n1 | 2\n',
    'short and long rows': '| a | b |\n|---|---|\n| 1 |\n| 1 | 2 | 3 |\n',
    'a table right after a paragraph': 'Intro line\n| a |\n|---|\n| 1 |\n\nAfter.\n',
    'a table ended by a heading': '| a |\n|---|\n| 1 |\n## Next\n',
    'pipes inside a code fence': '```\n| a |\n|---|\n```\n',
    'CRLF line endings': '# T\r\n\r\n| a | b |\r\n|---|---|\r\n| `x` | y |\r\n',
    'an unmatched backtick': '| a |\n|---|\n| `open |\n',
    alignment: '| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n',
    // Prose without GFM syntax is read by CommonMark alone; with it, by remark-gfm.
    'prose without GFM syntax': '# T\n\nPlain *prose*.\n\n- Name: X\n\n| a |\n|---|\n| 1 |\n',
    'an email in prose': '# T\n\nWrite to help@example.org.\n',
    'an email written with a reference': 'Write to help&#64;example.org.\n',
    'a web address in prose': 'See www.example.org or HTTPS://example.org.\n',
    'strikethrough in prose': 'This is ~~gone~~.\n',
    'a footnote in prose': 'A claim.[^1]\n\n[^1]: The source.\n',
    'a task list': '- [ ] to do\n- [x] done\n',
    'a one-column table without pipes': 'a\n:-\nb\n',
  };
  it.each(Object.entries(cases))('matches remark-gfm on %s', (_name, text) => {
    expect(parseMarkdownFast(text)).toEqual(reference.parse(text));
  });
});

describe('parseMarkdownFast on generated documents', () => {
  const cell = fc.oneof(
    fc.constantFrom(
      '',
      'text',
      'two words',
      '`code`',
      '`a \\|\\| b`',
      '``x `y` z``',
      '*',
      '_a_',
      'a_b_c',
    ),
    fc.constantFrom(
      '{MAX_OPEN}',
      '→ User',
      '-> Ticket',
      '3..120 chars',
      '[link](x)',
      '**bold**',
      '&amp;',
    ),
    fc.constantFrom('`unclosed', 'x \\| y', 'yes', '1', '# not a heading', '> quote', '- item'),
  );
  const row = fc
    .array(cell, { minLength: 1, maxLength: 5 })
    .map((cells) => `| ${cells.join(' | ')} |`);
  const table = fc
    .tuple(fc.integer({ min: 1, max: 4 }), fc.array(row, { maxLength: 4 }))
    .map(([width, rows]) => {
      const header = `| ${Array.from({ length: width }, (_, i) => `H${i}`).join(' | ')} |`;
      return [header, `|${'---|'.repeat(width)}`, ...rows].join('\n');
    });
  const block = fc.oneof(
    table,
    fc.constantFrom(
      '# Title',
      '## 3. Entities and their fields',
      '### Ticket',
      'A paragraph.',
      '- Name: X',
    ),
    fc.constantFrom(
      '```\n| a |\n|---|\n```',
      '',
      '> quoted',
      '---',
      'Text with `code` and *stars*.',
      'Mail help@example.org or see www.example.org.',
      'This is ~~gone~~.',
    ),
  );
  it('builds the same tree as remark-gfm', () => {
    fc.assert(
      fc.property(
        fc.array(block, { maxLength: 8 }),
        fc.constantFrom('\n', '\n\n'),
        (blocks, gap) => {
          const text = blocks.join(gap) + '\n';
          expect(parseMarkdownFast(text)).toEqual(reference.parse(text));
        },
      ),
      { numRuns: 400 },
    );
  });

  // Plain headings, paragraphs and bullet lists are taken out before remark (scan-prose.ts):
  // among what can open, continue or end blocks around them, they must read as remark reads them.
  const prose = fc.oneof(
    // A table between blank lines: what a table follows or is followed by directly is another
    // question (parseMarkdownFast's first test).
    table.map((rows) => `\n${rows}\n`),
    fc.constantFrom(
      '# Title',
      '### Ticket',
      '## 3. Entities',
      '# Closed #',
      'A paragraph.',
      'Two lines\nof plain words',
      'Trailing spaces  ',
      'Line\n===',
      'Line\n---',
      '- Name: X',
      '- One\n- Two',
      '* Star item',
      '+ Plus item',
      '1. First',
    ),
    fc.constantFrom(
      '  indented continuation',
      '    code',
      // HTML blocks end at a blank line here: a table right after one is another question.
      '<div>\n',
      '<div>\n# Inside\nwords\n',
      '<!--\n\n# Hidden\n\n-->',
      '<pre>\n\nkept\n\n</pre>',
      '```\n# in a fence\n```',
      '~~~',
      '> quoted',
      '> quoted\nlazy line',
      '[ref]: https://example.org',
      'See [ref].',
      'Text with `code` and *stars*.',
      '- [ ] task',
      '\t',
    ),
  );
  it('builds the same tree as remark-gfm around plain prose', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(prose, fc.constantFrom('\n', '\n\n', '\n\n\n')), { maxLength: 10 }),
        fc.boolean(),
        (parts, newlineAtEnd) => {
          const text = parts
            .map(([block, gap]) => block + gap)
            .join('')
            .replace(/\n+$/, newlineAtEnd ? '\n' : '');
          expect(parseMarkdownFast(text)).toEqual(reference.parse(text));
        },
      ),
      { numRuns: 600 },
    );
  });
});
