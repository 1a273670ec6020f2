import { dayFromToday } from './sample-values.js';
import { times, type ExampleCases } from './example-cases.js';

/** The helpdesk: open-ticket limit, detail for high priority, no comments on closed tickets. */
export const helpdeskCases: ExampleCases = {
  overrides: {},
  rules: [
    {
      code: 'TOO_MANY_OPEN_TICKETS',
      async run(h) {
        const actor = await h.actor();
        await times(5, () => h.make('Ticket', actor));
        return h.make('Ticket', actor);
      },
    },
    {
      code: 'HIGH_PRIORITY_NEEDS_DETAIL',
      run: async (h) => h.make('Ticket', await h.actor(), { priority: 'high', body: 'Too short' }),
    },
    {
      code: 'TICKET_CLOSED',
      field: 'ticket',
      async run(h) {
        const actor = await h.actor();
        const ticket = await h.make('Ticket', actor);
        await h.setState('Ticket', ticket.id, 'closed');
        return h.make('Comment', actor, { ticket: ticket.id });
      },
    },
  ],
};

/** Expenses: no future spending, nothing older than the window, a ceiling per claim. */
export const expensesCases: ExampleCases = {
  overrides: {
    User: () => ({ iban: 'DE89370400440532013000' }),
  },
  rules: [
    {
      code: 'SPENT_IN_FUTURE',
      run: async (h) => h.make('Claim', await h.actor(), { spentOn: dayFromToday(3) }),
    },
    {
      code: 'CLAIM_TOO_OLD',
      run: async (h) => h.make('Claim', await h.actor(), { spentOn: dayFromToday(-100) }),
    },
    {
      code: 'AMOUNT_TOO_HIGH',
      field: 'amount',
      run: async (h) => h.make('Claim', await h.actor(), { amount: '6000.00' }),
    },
  ],
};
