import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../test-support.js';

const ENTITY =
  '### Ticket\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| slaHours | integer | no | 4 | |\n| resolvedAt | datetime | no | | |\n| status | state | | | |';
const HEAD = '| From | Action | To | Who | When | Sets |\n|---|---|---|---|---|---|';
const ROLES =
  '| Role | Description | Sign-up |\n|---|---|---|\n| agent | Works | default |\n\n| Role | Entity | Actions | Allowed | Fields |\n|---|---|---|---|---|\n| agent | Ticket | read, create, resolve | yes | all |';
const CONSTANTS = '| Name | Value | Meaning |\n|---|---|---|\n| AUTO_CLOSE_AFTER | 7d | Grace |';
const life = (rows: string): string =>
  spec({
    3: ENTITY,
    4: `### Ticket\n\n- States: open, escalated, resolved, closed\n- Initial: open\n\n${HEAD}\n${rows}`,
    6: ROLES,
    9: CONSTANTS,
  });
const RESOLVE = '| open, escalated | resolve | resolved | agent | | resolvedAt = `now` |';

describe('automatic transitions (Who: system)', () => {
  it('reads a row taken by the system when a time condition holds', () => {
    const md = life(
      [
        RESOLVE,
        '| open | escalate | escalated | system | `now > record.createdAt + hours(record.slaHours)` | |',
        '| resolved | expire | closed | system | `now - record.resolvedAt >= duration(AUTO_CLOSE_AFTER)` | resolvedAt = `now` |',
      ].join('\n'),
    );
    const model = expectClean(md, true);
    const expire = model.lifecycles[0]!.transitions[2]!;
    expect(expire).toMatchObject({ action: 'expire', who: ['system'], to: 'closed' });
  });

  it('errors on a When reading a field the record does not have, at its name', () => {
    const md = life(
      `${RESOLVE}\n| open | escalate | escalated | system | \`now > record.dueAt\` | |`,
    );
    expectDiagnostic(md, 'unknown-field', at(md, 'dueAt'));
  });

  it('errors on `user` and `input`, which nobody gives the system', () => {
    const md = life(
      `${RESOLVE}\n| open | escalate | escalated | system | \`record.slaHours > 0 && input.x == 1\` | |`,
    );
    expectDiagnostic(md, 'unknown-name', at(md, 'input.x'));
    const byUser = life(
      `${RESOLVE}\n| open | escalate | escalated | system | \`now > record.resolvedAt\` | resolvedAt = \`user.createdAt\` |`,
    );
    expectDiagnostic(byUser, 'unknown-name', at(byUser, 'user.createdAt'));
  });

  it('errors on system beside roles, and on an action people share', () => {
    const mixed = life(
      `${RESOLVE}\n| open | escalate | escalated | agent, system | \`now > record.createdAt\` | |`,
    );
    expectDiagnostic(mixed, 'system-with-roles', at(mixed, 'system |'));
    const shared = life(
      `${RESOLVE}\n| open | escalate | escalated | system | \`now > record.createdAt\` | |\n| resolved | escalate | escalated | agent | | |`,
    );
    expectDiagnostic(shared, 'automatic-action-shared', at(shared, 'escalate | escalated | agent'));
  });

  it('errors on an automatic row without When, or one that stays in its state', () => {
    const bare = life(`${RESOLVE}\n| open | escalate | escalated | system | | |`);
    expectDiagnostic(bare, 'automatic-without-when', at(bare, 'system'));
    const stays = life(
      `${RESOLVE}\n| open, resolved | nudge | open | system | \`now > record.createdAt\` | |`,
    );
    expectDiagnostic(stays, 'automatic-stays', at(stays, 'open, resolved | nudge'));
  });

  it('errors on a When the database cannot find the due records by', () => {
    const md = life(
      `${RESOLVE}\n| open | escalate | escalated | system | \`string(record.slaHours).matches("^4")\` | |`,
    );
    expectDiagnostic(md, 'cannot-run-in-database', { line: at(md, 'string(record').line });
  });

  it('gives section 6 no automatic action to allow', () => {
    const roles = ROLES.replace('read, create, resolve', 'read, create, resolve, escalate');
    const md = spec({
      3: ENTITY,
      4: `### Ticket\n\n- States: open, escalated, resolved, closed\n- Initial: open\n\n${HEAD}\n${RESOLVE}\n| open | escalate | escalated | system | \`now > record.createdAt\` | |`,
      6: roles,
      9: CONSTANTS,
    });
    expectDiagnostic(md, 'unknown-action', at(md, 'escalate |', 1));
  });

  it('refuses a role named system', () => {
    const md = spec({
      6: '| Role | Description | Sign-up |\n|---|---|---|\n| system | Robots | no |\n| agent | Works | default |',
    });
    expectDiagnostic(md, 'builtin-role', at(md, 'system |'));
  });
});
