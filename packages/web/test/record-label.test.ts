import { describe, expect, it } from 'vitest';
import { recordLabel } from '../src/model/record-label.js';
import { example } from './examples.js';

const entity = (model: ReturnType<typeof example>, name: string) =>
  model.entities.find((e) => e.name === name)!;

describe('how a record is named on screen', () => {
  it('is its numbered code when nothing else names it', () => {
    const workshops = example('workshops');
    const booking = entity(workshops, 'Booking');
    expect(recordLabel(workshops, booking, { id: 'b1', code: 'BK-2026-0001' })).toBe(
      'BK-2026-0001',
    );
    // Before the reader may see the code, the workshop it is for names it.
    const event = { id: 'e1', title: 'Soldering for beginners' };
    expect(recordLabel(workshops, booking, { id: 'b1', event })).toBe(
      'Booking: Soldering for beginners',
    );
  });

  it('is what the record refers to rather than an optional note', () => {
    const library = example('library');
    const loan = entity(library, 'Loan');
    const book = { id: 'k1', title: 'Dubliners' };
    expect(recordLabel(library, loan, { id: 'l1', book, pickupNote: 'After six' })).toBe(
      'Loan: Dubliners',
    );
  });

  it('is, for a record named by what it refers to, the title one reference further down', () => {
    const library = example('library');
    const fine = entity(library, 'Fine');
    // A fine's loan has no title of its own; expanded with its book, it is named by it.
    const loan = { id: 'l1', book: { id: 'k1', title: 'Dubliners' } };
    expect(recordLabel(library, entity(library, 'Loan'), loan)).toBe('Loan: Dubliners');
    expect(recordLabel(library, fine, { id: 'f1', loan })).toBe('Fine: Dubliners');
    // Its book not expanded (not the reader's to see), the loan names nothing.
    const bare = { id: 'l1', book: 'k1' };
    expect(recordLabel(library, fine, { id: '0190abcdef654321', loan: bare })).toBe('Fine …654321');
  });

  it('is a long text shortened, and the kind and id only when nothing names it', () => {
    const helpdesk = example('helpdesk');
    const comment = entity(helpdesk, 'Comment');
    const body = 'The printer on the second floor jams whenever anyone prints on both sides of A4';
    expect(recordLabel(helpdesk, comment, { id: 'c1', body })).toBe(
      'The printer on the second floor jams whenever anyone prints…',
    );
    expect(recordLabel(helpdesk, comment, { id: '0190abcdef123456' })).toBe('Comment …123456');
  });
});
