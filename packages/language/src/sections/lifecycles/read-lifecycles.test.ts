import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, parse, spec } from '../../test-support.js';

const ENTITY =
  '### Ticket\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| assignee | → User | no | | |\n| resolvedAt | datetime | no | | |\n| status | state | | | |';
const HEAD = '| From | Action | To | Who | When | Sets | Error |\n|---|---|---|---|---|---|---|';
const ROLES =
  '| Role | Description | Sign-up |\n|---|---|---|\n| agent | Works | no |\n| customer | Asks | default |\n\n| Role | Entity | Actions | Allowed | Fields |\n|---|---|---|---|---|\n| agent | Ticket | read | yes | all |';
const life = (
  rows: string,
  list = '- States: open, assigned, resolved\n- Initial: open',
  more: Partial<Record<number, string>> = {},
): string =>
  spec({
    3: ENTITY,
    4: `### Ticket\n\nHow a ticket moves.\n\n${list}\n\n${HEAD}\n${rows}`,
    6: ROLES,
    ...more,
  });
const GOOD = [
  '| open | assign | assigned | agent | `input.assignee != null` | assignee = `input.assignee` | |',
  '| assigned | resolve | resolved | agent | `record.assignee == user.id` | resolvedAt = `now`, assignee = `null` | TRANSITION_NOT_ALLOWED |',
  '| open, assigned | cancel | resolved | customer, agent | | | |',
].join('\n');

describe('readLifecycles', () => {
  it('reads states, initial and transitions with guards, sets and errors', () => {
    const md = life(GOOD);
    const [lifecycle] = expectClean(md, true).lifecycles;
    expect(lifecycle).toMatchObject({
      entity: 'Ticket',
      field: 'status',
      states: ['open', 'assigned', 'resolved'],
      initial: 'open',
      description: 'How a ticket moves.',
    });
    expect(lifecycle!.transitions).toHaveLength(3);
    expect(lifecycle!.transitions[0]).toMatchObject({
      from: ['open'],
      action: 'assign',
      to: 'assigned',
      who: ['agent'],
      when: { source: 'input.assignee != null', ...at(md, 'input.assignee !=') },
    });
    expect(lifecycle!.transitions[1]!.sets).toEqual([
      { field: 'resolvedAt', value: { source: 'now', ...at(md, 'now`') } },
      { field: 'assignee', value: { source: 'null', ...at(md, 'null`', 1) } },
    ]);
    expect(lifecycle!.transitions[1]!.error).toBe('TRANSITION_NOT_ALLOWED');
    expect(lifecycle!.transitions[2]).toMatchObject({
      from: ['open', 'assigned'],
      who: ['customer', 'agent'],
      sets: [],
    });
  });

  it('errors on an unknown state with a hint', () => {
    const md = life('| open | assign | asigned | agent | | | |');
    expect(expectDiagnostic(md, 'unknown-state', at(md, 'asigned')).hint).toContain('assigned');
  });

  it('errors on an initial state that is not listed', () => {
    const md = life(
      '| open | assign | assigned | agent | | | |',
      '- States: open, assigned\n- Initial: draft',
    );
    expectDiagnostic(md, 'unknown-state', at(md, 'draft'));
  });

  it('errors on an unknown role, field and error code', () => {
    const md = life('| open | assign | assigned | agnt | | asignee = `user.id` | NOPE_CODE |');
    expect(expectDiagnostic(md, 'unknown-role', at(md, 'agnt')).hint).toContain('agent');
    expect(expectDiagnostic(md, 'unknown-field', at(md, 'asignee')).hint).toContain('assignee');
    expectDiagnostic(md, 'unknown-error-code', at(md, 'NOPE_CODE'));
  });

  it('errors on a Sets item that is not an assignment', () => {
    const md = life('| open | assign | assigned | agent | | assignee to me | |');
    expectDiagnostic(md, 'bad-assignment', at(md, 'assignee to me'));
  });

  it('errors on a guard written without backticks', () => {
    const md = life('| open | assign | assigned | agent | input.assignee != null | | |');
    expectDiagnostic(md, 'expected-expression', at(md, 'input.assignee'));
  });

  it('warns on transitions from unreachable states and notes dead ends', () => {
    const md = life(
      '| open | assign | assigned | agent | | | |\n| resolved | reopen | open | agent | | | |',
    );
    expectDiagnostic(md, 'unreachable-state', {
      line: at(md, '| resolved | reopen').line,
      column: 3,
    });
    expectDiagnostic(md, 'dead-end-state', at(md, 'assigned, resolved'));
  });

  it('warns on an unreachable state with no transitions where it is listed', () => {
    const md = life(
      '| open | assign | assigned | agent | | | |\n| assigned | drop | open | agent | | | |',
    );
    expectDiagnostic(md, 'unreachable-state', at(md, 'resolved\n'));
  });

  it('errors on a lifecycle for an unknown entity, or for one without a state field', () => {
    const md = spec({
      3: '### Note\n\n| Field | Type |\n|---|---|\n| body | text |',
      4: `### Note\n\n- States: a\n- Initial: a\n\n${HEAD}\n| a | go | a | | | | |\n\n### Tiket\n\n- States: a\n- Initial: a\n\n${HEAD}\n| a | go | a | | | | |`,
    });
    expectDiagnostic(md, 'missing-state-field', at(md, '### Note', 1));
    expectDiagnostic(md, 'unknown-entity', at(md, '### Tiket'));
  });

  it('errors on a duplicate lifecycle and a duplicate transition', () => {
    const md = life(
      '| open | assign | assigned | agent | | | |\n| open | assign | resolved | agent | | | |',
      undefined,
      {},
    );
    expectDiagnostic(md, 'duplicate-transition', {
      line: at(md, '| open | assign | resolved').line,
      column: 3,
    });
    const sameRoles = life(
      '| open | assign | assigned | agent, customer | | | |\n| assigned, open | assign | resolved | customer, agent | | | |',
    );
    expectDiagnostic(sameRoles, 'duplicate-transition', at(sameRoles, 'open | assign | resolved'));
    const twice = spec({
      3: ENTITY,
      4: `### Ticket\n\n- States: a\n- Initial: a\n\n${HEAD}\n| a | go | a | | | | |\n\n### Ticket\n\n- States: b`,
    });
    expectDiagnostic(twice, 'duplicate-lifecycle', at(twice, '### Ticket', 2));
  });

  it('accepts rows for the same action from the same state when their Who differ', () => {
    const md = life(
      [
        '| open | assign | assigned | customer | `input.assignee == user.id` | assignee = `user.id` | TRANSITION_NOT_ALLOWED |',
        '| open | assign | assigned | agent | | assignee = `input.assignee` | |',
        '| assigned | resolve | resolved | agent, customer | | | |',
      ].join('\n'),
    );
    expect(expectClean(md, true).lifecycles[0]!.transitions).toHaveLength(3);
  });

  it('warns on missing States and Initial, deriving them from the transitions', () => {
    const md = life('| open | assign | assigned | agent | | | |', 'Nothing listed.');
    expectDiagnostic(md, 'missing-states', at(md, '### Ticket', 1));
    expectDiagnostic(md, 'missing-initial', at(md, '### Ticket', 1));
    expect(parse(md).model.lifecycles[0]).toMatchObject({
      states: ['open', 'assigned'],
      initial: 'open',
    });
  });

  it('warns on an unknown list property', () => {
    const md = life(
      '| open | assign | assigned | agent | | | |',
      '- States: open, assigned\n- Initial: open\n- Final: assigned',
    );
    expectDiagnostic(md, 'unknown-property', at(md, 'Final'));
  });

  it('errors on a transition without a target', () => {
    const md = life('| open | assign |  | agent | | | |');
    expectDiagnostic(md, 'empty-cell', { line: at(md, '| open | assign |').line });
  });
});
