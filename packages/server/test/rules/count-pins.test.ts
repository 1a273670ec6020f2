import { describe, expect, it } from 'vitest';
import { countPins } from '../../src/rules/count-pins.js';
import { countedEntities } from '../../src/rules/counted-entities.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';

const helpdesk = EXAMPLE_MODELS.helpdesk!;
const library = EXAMPLE_MODELS.library!;
const workshops = EXAMPLE_MODELS.workshops!;

describe('countPins', () => {
  it("pins a count on the field its condition holds equal to the user's id", () => {
    const source =
      'count(Ticket, t, t.customer == user.id && t.status != "closed") < MAX_OPEN_TICKETS';
    expect(countPins(source, helpdesk, { entity: 'Ticket' })).toEqual([
      { counted: 'Ticket', pinned: { field: 'customer', from: { root: 'user', field: 'id' } } },
    ]);
  });

  it('reads the equality either way round, and the record being written', () => {
    const source = 'count(Loan, l, l.status == "ready" && record.book == l.book) == 0';
    expect(countPins(source, library, { entity: 'Loan', hasOld: true })).toEqual([
      { counted: 'Loan', pinned: { field: 'book', from: { root: 'record', field: 'book' } } },
    ]);
  });

  it('leaves unpinned a count whose condition reads through a reference or pins nothing', () => {
    const through = 'count(Fine, f, f.loan.member == record.member && f.status == "unpaid") == 0';
    expect(countPins(through, library, { entity: 'Loan' })).toEqual([{ counted: 'Fine' }]);
    const everything = 'count(Ticket, t, t.status == "open") < 100';
    expect(countPins(everything, helpdesk, { entity: 'Ticket' })).toEqual([{ counted: 'Ticket' }]);
  });

  it('does not pin on an `||` or on a value not known before counting', () => {
    const either = 'count(Ticket, t, t.customer == user.id || t.status == "open") < 5';
    expect(countPins(either, helpdesk, { entity: 'Ticket' })).toEqual([{ counted: 'Ticket' }]);
    const eachOther = 'count(Ticket, t, t.customer == t.createdBy) < 5';
    expect(countPins(eachOther, helpdesk, { entity: 'Ticket' })).toEqual([{ counted: 'Ticket' }]);
  });

  it('finds every count of an expression', () => {
    const source =
      'count(Ticket, t, t.customer == user.id) < 5 && count(Ticket, t, t.product == record.product) < 9';
    expect(countPins(source, helpdesk, { entity: 'Ticket' }).map((p) => p.pinned?.field)).toEqual([
      'customer',
      'product',
    ]);
  });
});

describe('countedEntities', () => {
  it("collects the pinned fields of the rules' and guards' counts, by counted entity", () => {
    const counted = countedEntities(library);
    expect(counted.get('Loan')).toEqual({ fields: new Set(['member', 'book']), whole: false });
    expect(counted.get('Fine')).toEqual({ fields: new Set(), whole: true });
    expect(countedEntities(workshops).get('Booking')).toEqual({
      fields: new Set(['event']),
      whole: false,
    });
    expect(countedEntities(helpdesk).get('Comment')).toBeUndefined();
  });
});
