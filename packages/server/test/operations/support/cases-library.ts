import type { Actor } from '../../../src/index.js';
import type { Harness } from './harness.js';
import { nextNumber } from './sample-values.js';
import { times, type ExampleCases } from './example-cases.js';

const digits = (n: number, width: number) => String(n).padStart(width, '0').slice(-width);

async function borrowedLoan(h: Harness, actor: Actor, book: Record<string, unknown> = {}) {
  const b = await h.make('Book', actor, { replacementCost: '20.00', ...book });
  const loan = await h.make('Loan', actor, { book: b.id });
  await h.setState('Loan', loan.id, 'borrowed');
  return loan.id;
}

/** The library: loan limit, withdrawn books, fines only on lent books and never raised. */
export const libraryCases: ExampleCases = {
  overrides: {
    User: () => ({ cardNumber: `LIB-${digits(nextNumber(), 6)}` }),
    Book: () => ({ isbn: `978${digits(nextNumber(), 10)}` }),
    Fine: async (h, actor) => ({ loan: await borrowedLoan(h, actor) }),
  },
  rules: [
    {
      code: 'TOO_MANY_LOANS',
      async run(h) {
        const actor = await h.actor();
        await times(6, () => h.make('Loan', actor));
        return h.make('Loan', actor);
      },
    },
    {
      code: 'BOOK_WITHDRAWN',
      async run(h) {
        const actor = await h.actor();
        const book = await h.make('Book', actor, { withdrawn: true });
        return h.make('Loan', actor, { book: book.id });
      },
    },
    {
      code: 'FINE_WITHOUT_LOAN',
      async run(h) {
        const actor = await h.actor();
        const loan = await h.make('Loan', actor);
        return h.make('Fine', actor, { loan: loan.id });
      },
    },
    {
      code: 'FINE_TOO_HIGH',
      run: async (h) => h.make('Fine', await h.actor(), { amount: '22.51' }),
    },
    {
      code: 'FINE_RAISED',
      async run(h) {
        const actor = await h.actor();
        const fine = await h.make('Fine', actor, { amount: '10.00' });
        const ops = h.ops('Fine');
        return ops.updateRecord(h.ctx(actor), fine.id as string, { amount: '11.00' }, 1);
      },
    },
  ],
};
