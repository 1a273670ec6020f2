import { expensesCases, helpdeskCases } from '../../operations/support/cases-shared.js';
import { EXAMPLE_MODELS } from '../../operations/support/example-models.js';
import { entityTableName } from '../../../src/store/naming.js';
import type { Attempt, LifecycleScenario } from './scenario.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The hours a ticket may wait for an agent, by priority (SLA_HIGH, SLA_NORMAL, SLA_LOW). */
const SLA_HOURS: Record<string, number> = { high: 4, normal: 24, low: 72 };

/**
 * Makes the ticket as if opened `hours` before its SLA runs out, so that the
 * scheduler ticks at the present: a tick in the future would escalate every open ticket of the
 * database, and the ticket's later moves would be recorded before its escalation.
 */
function openedUntilSla(hours: number): Attempt['prepare'] {
  return async ({ h, record }) => {
    const ago = (SLA_HOURS[record.priority as string]! - hours) * HOUR;
    const tickets = h.model.entities.find((e) => e.name === 'Ticket')!;
    await h
      .store()
      .db.updateTable(entityTableName(tickets))
      .set({ createdAt: new Date(Date.now() - ago).toISOString() })
      .where('id', '=', record.id as string)
      .execute();
  };
}

/**
 * Helpdesk: agents take or assign tickets, resolve their own; customers reopen within 72h; the
 * system escalates an open ticket nobody took within its priority's SLA, and closes a resolved
 * ticket seven days on.
 */
export const helpdeskScenario: LifecycleScenario = {
  name: 'helpdesk',
  model: EXAMPLE_MODELS.helpdesk!,
  overrides: helpdeskCases.overrides,
  entities: {
    Ticket: {
      creator: 'customer',
      rows: {
        assign: {
          pass: { input: ({ world }) => ({ assignee: world.actors.agent!.id }) },
          sets: ({ world }) => ({ assignee: world.actors.agent!.id }),
          fails: [
            { name: 'no assignee sent', input: () => ({}), refusedAt: 'assignee' },
            { name: 'an empty assignee', input: () => ({ assignee: null }), refusedAt: 'assignee' },
          ],
        },
        take: { pass: {}, sets: ({ world }) => ({ assignee: world.actors.agent!.id }) },
        resolve: {
          pass: {},
          sets: ({ now }) => ({ resolvedAt: now.toISOString() }),
          fails: [{ name: 'another agent than the assignee', by: 'agent2' }],
        },
        reopen: {
          pass: {},
          sets: () => ({ resolvedAt: null }),
          fails: [
            {
              name: 'after the reopen window',
              at: ({ record }) => new Date(Date.parse(record.resolvedAt as string) + 72 * HOUR),
            },
          ],
        },
        close: { pass: {} },
        cancel: { pass: {} },
        // Taken by the system when the ticket's SLA (by its priority) runs out unanswered.
        escalate: {
          pass: { prepare: openedUntilSla(0) },
          fails: [{ name: 'an hour before the SLA runs out', prepare: openedUntilSla(1) }],
        },
        // Taken by the system, seven days after resolution (AUTO_CLOSE_AFTER).
        expire: {
          pass: { at: ({ record }) => new Date(Date.parse(record.resolvedAt as string) + 7 * DAY) },
          fails: [
            {
              name: 'an hour before the seven days are up',
              at: ({ record }) =>
                new Date(Date.parse(record.resolvedAt as string) + 7 * DAY - HOUR),
            },
          ],
        },
      },
    },
  },
};

/** Expenses: the claimant's manager decides, finance pays claimants who have an IBAN. */
export const expensesScenario: LifecycleScenario = {
  name: 'expenses',
  model: EXAMPLE_MODELS.expenses!,
  overrides: expensesCases.overrides,
  async setup(h, world) {
    await h.patch('User', world.actors.employee!.id, { manager: world.actors.manager!.id });
  },
  entities: {
    Claim: {
      creator: 'employee',
      rows: {
        submit: {
          pass: {},
          sets: ({ now }) => ({ submittedAt: now.toISOString() }),
          fails: [
            {
              name: 'over the limit without a receipt',
              prepare: async ({ h, record }) => {
                await h.patch('Claim', record.id as string, { amount: '30.00', receipt: null });
              },
            },
          ],
        },
        approve: {
          pass: { by: 'manager' },
          sets: ({ now, world }) => ({
            approvedAt: now.toISOString(),
            approver: world.actors.manager!.id,
          }),
          fails: [{ name: 'a manager of another team', by: 'manager2' }],
        },
        reject: {
          pass: { by: 'manager', input: () => ({ reason: 'No receipt attached' }) },
          sets: () => ({ rejectionReason: 'No receipt attached' }),
          fails: [
            {
              name: 'a manager of another team',
              by: 'manager2',
              input: () => ({ reason: 'No receipt attached' }),
            },
            {
              name: 'too short a reason',
              by: 'manager',
              input: () => ({ reason: 'no' }),
              refusedAt: 'reason',
            },
          ],
        },
        revise: { pass: {} },
        pay: {
          pass: { by: 'finance' },
          fails: [
            {
              name: 'a claimant without an IBAN',
              by: 'finance',
              prepare: async ({ h, world }) => {
                await h.patch('User', world.actors.employee!.id, { iban: null });
              },
            },
          ],
        },
      },
    },
  },
};
