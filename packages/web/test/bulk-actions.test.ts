import type { AppModel } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { apiCalls } from '@specrun/model';
import { exportQuery } from '../src/api/list-export.js';
import { bulkActions, bulkSummary } from '../src/screens/list/bulk-actions.js';
import { csvFileName } from '../src/screens/list/export-button.js';
import { example } from './examples.js';

const helpdesk = example('helpdesk');
const ticket = helpdesk.entities.find((e) => e.name === 'Ticket')!;
const served = () => true;
const record = (actions?: string[]) => ({
  id: `t${Math.random()}`,
  ...(actions ? { actions } : {}),
});
const names = (model: AppModel, records: ReturnType<typeof record>[]) =>
  bulkActions(model, ticket, records, served).map((a) => a.label);

describe('the actions offered on selected records', () => {
  it('are those the server offers on every one of them', () => {
    expect(
      names(helpdesk, [
        record(['take', 'assign', 'cancel', 'update', 'delete']),
        record(['take', 'assign', 'update']),
      ]),
    ).toEqual(['Take']);
    expect(names(helpdesk, [record(['cancel', 'delete']), record(['cancel', 'delete'])])).toEqual([
      'Cancel',
      'Delete',
    ]);
    expect(names(helpdesk, [record(['cancel']), record([])])).toEqual([]);
  });

  it('leave out a transition that asks for an input, and records without actions', () => {
    // Assign asks whom (`input.assignee != null`): one ticket at a time, in its dialog.
    expect(names(helpdesk, [record(['assign', 'take'])])).toEqual(['Take']);
    expect(names(helpdesk, [record(['take']), record()])).toEqual([]);
  });

  it('leave out what the API has no call for, and mark what ends something', () => {
    const actions = bulkActions(
      helpdesk,
      ticket,
      [record(['cancel', 'take'])],
      (a) => a !== 'take',
    );
    expect(actions).toEqual([{ action: 'cancel', label: 'Cancel', destructive: true }]);
  });

  it('end in a summary of what was done and why others were refused', () => {
    const cancel = { action: 'cancel', label: 'Cancel', destructive: true };
    expect(bulkSummary(ticket, cancel, [{ done: true }, { done: true }])).toEqual({
      title: 'Cancel: 2 of 2 tickets done',
      message: 'Every one of them is done.',
    });
    expect(
      bulkSummary(ticket, cancel, [
        { done: true },
        { done: false, reason: 'That action is not possible now.' },
        { done: false, reason: 'That action is not possible now.' },
      ]),
    ).toEqual({
      title: 'Cancel: 1 of 3 tickets done',
      message: '2 refused: That action is not possible now.',
    });
  });
});

describe('a list’s export', () => {
  const call = apiCalls(helpdesk).find(
    (c) => c.operation.kind === 'list' && c.operation.entity === 'Ticket',
  )!;

  it('asks for the list’s own filters, search and sort, with the columns shown, as CSV', () => {
    const query = exportQuery(
      call,
      {
        filter: 'record.status != "closed"',
        sort: '-updatedAt',
        equals: { assignee: '' },
        q: 'printer',
      },
      ['title', 'assignee'],
    );
    expect([...query]).toEqual([
      ['assignee', ''],
      ['filter', 'record.status != "closed"'],
      ['q', 'printer'],
      ['sort', '-updatedAt'],
      ['format', 'csv'],
      ['columns', 'title,assignee'],
    ]);
  });

  it('is saved under the screen’s name', () => {
    expect(csvFileName('Workshops I organise')).toBe('workshops-i-organise.csv');
    expect(csvFileName('Cafés à louer')).toBe('cafes-a-louer.csv');
    expect(csvFileName('!!!')).toBe('list.csv');
  });
});
