import { describe, expect, it } from 'vitest';
import { modelSqlMapping } from '../support/model-sql-mapping.js';
import { FilterCompiler } from '../../src/http/list-filter.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';

const library = EXAMPLE_MODELS.library!;
const filters = new FilterCompiler(library, modelSqlMapping(library, 'sqlite'));

/** The detail of the BAD_REQUEST a filter is refused with. */
function refusal(entity: string, source: string): string | undefined {
  return refusalOf(entity, source)?.detail;
}

/** The code and detail a filter is refused with. */
function refusalOf(
  entity: string,
  source: string,
  compiler = filters,
): { code: string; detail?: string } | undefined {
  try {
    compiler.compile(entity, source);
    return undefined;
  } catch (error) {
    return error as { code: string; detail?: string };
  }
}

const costly = (source: string, compiler = filters) => {
  const refused = refusalOf('Book', source, compiler);
  expect(refused?.code).toBe('FILTER_TOO_COSTLY');
  return refused?.detail;
};
const joined = (n: number) => Array.from({ length: n + 1 }, () => 'record.title').join(' + ');

describe('FilterCompiler', () => {
  it("answers the record's fields a filter reads, each once", () => {
    const filter =
      'record.status == "borrowed" && record.book == "b1" && record.status != "returned"';
    expect(filters.compile('Loan', filter).fields).toEqual(['status', 'book']);
    expect(filters.compile('Loan', 'record.member == user.id && !user.suspended').fields).toEqual([
      'member',
    ]);
  });

  it("answers the fields of the caller's own account a filter reads, to be checked per caller", () => {
    const source = 'record.member == user.id && !user.suspended && user.cardNumber != ""';
    expect(filters.compile('Loan', source).userFields).toEqual(['id', 'suspended', 'cardNumber']);
    expect(filters.compile('Loan', 'record.status == "ready"').userFields).toEqual([]);
  });

  it('refuses a field of `user` in the very words used for one User does not have', () => {
    const unknown = refusal('Loan', 'record.member == user.id && user.nothing == "x"');
    const compiled = filters.compile('Loan', 'record.member == user.id && user.phone == "x"');
    expect(compiled.hiddenUserField('phone').detail).toBe(unknown!.replaceAll('nothing', 'phone'));
    expect(compiled.hiddenUserField('phone').code).toBe('BAD_REQUEST');
  });

  it('lets a filter read the id of a reference, not its other fields', () => {
    expect(filters.compile('Loan', 'record.book.id == "b1"').fields).toEqual(['book']);
    expect(refusal('Loan', 'record.book.title == "x"')).toBe(
      'filter: only the id of a Book can be used, not .title (column 12 of "record.book.title == "x"").',
    );
  });

  it('names the first step of a chain that goes past an id', () => {
    const source = 'record.amount > record.loan.book.replacementCost';
    expect(refusal('Fine', source)).toMatch(
      /only the id of a Loan can be used, not \.book \(column 28 /,
    );
  });

  it('refuses count(), and names what stands first in the filter', () => {
    const counting = 'count(Loan, l, l.member == user.id) > 0 && record.book.title == "x"';
    expect(refusal('Loan', counting)).toMatch(/^filter: count\(\) is not available.*column 1 /);
    const following = 'record.book.title == "x" && count(Loan, l, l.member == user.id) > 0';
    expect(refusal('Loan', following)).toMatch(/only the id of a Book.*column 12 /);
  });

  it('refuses a filter that reads the fields of a variable', () => {
    expect(refusal('Loan', '[record.book].exists(b, b.title == "x")')).toMatch(
      /only the id of a Book can be used, not \.title/,
    );
  });

  describe('budget', () => {
    it('refuses a filter with more parts than MAX_FILTER_NODES, and says so', () => {
      const many = Array.from({ length: 60 }, (_, i) => `record.year != ${i}`).join(' && ');
      expect(costly(many)).toMatch(
        /^filter: it has at least \d+ parts, at most 200 \(MAX_FILTER_NODES\)/,
      );
      expect(filters.compile('Book', many.split(' && ').slice(0, 40).join(' && '))).toBeDefined();
      // Macros expand into more nodes than their text shows: counted once parsed.
      const macros = Array.from({ length: 20 }, (_, i) => `[${i}].exists(x, x > 0)`).join(' && ');
      expect(costly(macros)).toMatch(/^filter: it has \d+ parts, at most 200 /);
    });

    it('refuses from the text alone, before parsing, what is plainly over budget', () => {
      const started = performance.now();
      for (let i = 0; i < 50; i++) {
        const long = Array.from({ length: 150 }, (_, j) => `record.year != ${i * 1000 + j}`);
        expect(costly(long.join(' && ').slice(0, 2000))).toMatch(/at least/);
        expect(costly(`${'('.repeat(500)}record.year${')'.repeat(500)} > ${i}`)).toMatch(
          /brackets nest 500 deep, at most 16/,
        );
      }
      // Each new filter would otherwise cost a parse of milliseconds.
      expect(performance.now() - started).toBeLessThan(500);
    });

    it('refuses a filter nested deeper than MAX_FILTER_NESTING', () => {
      let deep = 'record.year';
      for (let i = 0; i < 16; i++) deep = `(${deep} + 1)`;
      expect(costly(`${deep} > 0`)).toMatch(/nest \d+ deep, at most 16 \(MAX_FILTER_NESTING\)/);
    });

    it('counts string joins and searches against MAX_FILTER_STRING_OPS', () => {
      expect(filters.compile('Book', `(${joined(9)}).contains("x")`).costlyRows).toBe(true);
      expect(costly(`(${joined(10)}).contains("x")`)).toMatch(
        /strings 11 times, at most 10 \(MAX_FILTER_STRING_OPS\)/,
      );
      const words = Array.from({ length: 11 }, (_, i) => `record.title.contains("w${i}")`);
      expect(costly(words.join(' || '))).toMatch(/MAX_FILTER_STRING_OPS/);
      expect(filters.compile('Book', 'record.year > 1900').costlyRows).toBe(false);
    });

    it('wants what a search looks for written in the filter, not read or worked out', () => {
      expect(filters.compile('Book', 'record.title.contains(user.name)').fields).toEqual(['title']);
      expect(costly('record.title.contains(record.author)')).toMatch(
        /what contains\(\) looks for is a field of the record: write it in the filter .*\(column 13 /,
      );
      expect(costly('record.title.endsWith(record.author + "x")')).toMatch(
        /what endsWith\(\) looks for is worked out with operators or functions/,
      );
    });

    it('takes its numbers from section 9', () => {
      const set: Record<string, number> = { MAX_FILTER_NODES: 5, MAX_FILTER_STRING_OPS: 0 };
      const model = {
        ...library,
        constants: library.constants.map((c) =>
          c.name in set ? { ...c, value: { kind: 'number' as const, value: set[c.name]! } } : c,
        ),
      };
      const tight = new FilterCompiler(model, modelSqlMapping(model, 'sqlite'));
      expect(costly('record.year > 1 && record.year < 3', tight)).toMatch(/at most 5 /);
      expect(costly('record.title.startsWith("a")', tight)).toMatch(/at most 0 /);
    });
  });
});
