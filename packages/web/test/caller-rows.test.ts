import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { callerRoles, transitionInputs } from '@specrun/model';
import { parseSpec } from '@specrun/language';
import { describe, expect, it } from 'vitest';
import { callerTransitions } from '../src/model/transition-inputs.js';
import { possibleActions } from '../src/screens/detail/available-actions.js';

// The helpdesk, where agents may cancel a ticket too, but only giving a reason: a second row
// for `cancel` from the same states, with another Who, When and Sets.
const path = fileURLToPath(new URL('../../../examples/helpdesk.spec.md', import.meta.url));
const text = readFileSync(path, 'utf8')
  .replace(
    '| open, escalated, assigned | cancel | closed | customer | | |',
    '| open, escalated, assigned | cancel | closed | customer | | |\n| open, escalated, assigned | cancel | closed | agent | `size(input.reason) >= 3` | internalNote = `input.reason` |',
  )
  .replace(
    '| agent | Ticket | assign, take, resolve, close | yes | |',
    '| agent | Ticket | assign, take, resolve, close, cancel | yes | |',
  );
const { model, diagnostics } = parseSpec(text);
const roles = (...names: string[]) => callerRoles({ roles: names });
const ticket = { id: 't1', status: 'open' };

describe('several rows for one action, as the web app reads them', () => {
  it('reads the helpdesk with two cancel rows without errors', () => {
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it("takes the caller's rows, in table order, and every row when none is theirs", () => {
    const rows = (...names: string[]) =>
      callerTransitions(model, 'Ticket', 'cancel', 'open', roles(...names)).map((t) => t.who);
    expect(rows('customer')).toEqual([['customer']]);
    expect(rows('agent')).toEqual([['agent']]);
    expect(rows('agent', 'customer')).toEqual([['customer'], ['agent']]);
    expect(rows('admin')).toEqual([['customer'], ['agent']]);
    expect(callerTransitions(model, 'Ticket', 'cancel', 'closed', roles('agent'))).toEqual([]);
  });

  it("asks for the inputs of the caller's rows only", () => {
    const inputs = (...names: string[]) =>
      transitionInputs(
        model,
        'Ticket',
        callerTransitions(model, 'Ticket', 'cancel', 'open', roles(...names)),
      ).map((i) => i.name);
    expect(inputs('customer')).toEqual([]);
    expect(inputs('agent')).toEqual(['reason']);
  });

  it("offers the action once, whichever rows are the caller's", () => {
    expect(possibleActions(model, 'Ticket', ticket, roles('agent', 'customer'))).toEqual([
      'assign',
      'take',
      'cancel',
    ]);
    expect(possibleActions(model, 'Ticket', ticket, roles('customer'))).toEqual(['cancel']);
  });
});
