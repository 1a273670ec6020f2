import { describe, expect, it } from 'vitest';
import { modelSqlMapping } from '../support/model-sql-mapping.js';
import { FilterCompiler } from '../../src/http/list-filter.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';

const library = EXAMPLE_MODELS.library!;
const filters = new FilterCompiler(library, modelSqlMapping(library, 'sqlite'));

/** The detail of the BAD_REQUEST a filter is refused with. */
function refusal(entity: string, source: string): string | undefined {
  try {
    filters.compile(entity, source);
    return undefined;
  } catch (error) {
    return (error as { detail?: string }).detail;
  }
}

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
});
