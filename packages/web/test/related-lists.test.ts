import {
  apiCalls,
  callerRoles,
  findCall,
  type ApiCall,
  type AppModel,
  type CallParameter,
} from '@specrun/model';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../src/model/access.js';
import { appScreens } from '../src/model/screens.js';
import { relatedLists, type RelatedContext } from '../src/screens/detail/related-lists.js';
import { relatedQuery } from '../src/screens/detail/related-query.js';
import { example } from './examples.js';

const person = (roles: string[]): SessionUser => ({ id: 'u1', email: 'a@b.c', name: 'Ann', roles });

function contextOf(model: AppModel, user: SessionUser | null): RelatedContext {
  const calls = apiCalls(model);
  return {
    model,
    screens: appScreens(model),
    user,
    roles: callerRoles(user),
    call: (kind, entity) => findCall(calls, kind, entity),
  };
}

/** The record as the server answers it, offering these creates among its actions. */
const offering = (...creates: string[]) => ({ id: 'r1', actions: creates });

const summary = (ctx: RelatedContext, parent: string, ...creates: string[]) =>
  relatedLists(ctx, parent, 'r1', offering(...creates)).map((l) => ({
    heading: l.heading,
    query: l.query,
    add: l.add?.kind === 'screen' ? l.add.to : l.add?.label,
  }));

describe('the records that refer to a record, as its page lists them', () => {
  const helpdesk = example('helpdesk');

  it('lists a ticket’s comments, oldest first, with a reply form in place for a customer', () => {
    const ctx = contextOf(helpdesk, person(['customer']));
    const lists = relatedLists(ctx, 'Ticket', 't1', {
      id: 't1',
      actions: ['create:Comment.ticket'],
    });
    expect(lists.map((l) => l.heading)).toEqual(['Comments']);
    const [comments] = lists;
    expect(comments!.query).toEqual({
      equals: { ticket: 't1' },
      sort: 'createdAt',
      include: ['author'],
    });
    expect(comments!.columns.title?.name).toBe('body');
    expect(comments!.columns.person?.name).toBe('author');
    // Comments have no form in section 2: the ticket's page adds one, the ticket already given.
    expect(comments!.add).toMatchObject({ kind: 'inline', label: 'Add comment' });
    expect(comments!.add?.kind === 'inline' && comments!.add.fields.map((f) => f.name)).toEqual([
      'body',
    ]);
    // Only while the server says it would accept one: not on a ticket it refuses comments on.
    expect(relatedLists(ctx, 'Ticket', 't1', { id: 't1', actions: [] })[0]!.add).toBeUndefined();
  });

  it('heads a row by its author, and says a required number beside it', () => {
    const [comments] = relatedLists(contextOf(helpdesk, person(['customer'])), 'Ticket', 't1');
    expect(comments!.columns).toMatchObject({ author: true });
    expect(comments!.columns.figure).toBeUndefined();
    const workshops = example('workshops');
    const feedback = relatedLists(contextOf(workshops, person(['organizer'])), 'Booking', 'b1');
    const columns = feedback.find((l) => l.entity.name === 'Feedback')?.columns;
    expect(columns?.figure?.name).toBe('rating');
  });

  it('shows nothing to a reader who may not read the related records', () => {
    expect(summary(contextOf(helpdesk, null), 'Ticket')).toEqual([]);
  });

  it('offers a workshop’s bookings to its organiser without a form they may not use', () => {
    const workshops = example('workshops');
    const organiser = summary(
      contextOf(workshops, person(['organizer'])),
      'Event',
      'create:Booking.event',
    );
    expect(organiser).toEqual([
      {
        heading: 'Bookings',
        query: { equals: { event: 'r1' }, sort: 'createdAt', include: ['attendee'] },
        add: undefined,
      },
    ]);
    // An attendee books from the workshop with section 2's form, the workshop filled in.
    const attendee = contextOf(workshops, person(['attendee']));
    expect(summary(attendee, 'Event', 'create:Booking.event').map((l) => l.add)).toEqual([
      '/bookings/new?event=r1',
    ]);
    // Not once the server would refuse it (already booked, not open).
    expect(summary(attendee, 'Event').map((l) => l.add)).toEqual([undefined]);
  });

  it('lists a project’s memberships and tasks through its declared calls, added by its forms', () => {
    const projects = example('projects');
    const offers = ['create:Membership.project', 'create:Task.project'];
    expect(summary(contextOf(projects, person(['member'])), 'Project', ...offers)).toEqual([
      {
        heading: 'Memberships',
        query: { equals: { project: 'r1' }, sort: 'createdAt', include: ['person'] },
        add: '/members/new?project=r1',
      },
      {
        heading: 'Tasks',
        query: { equals: { project: 'r1' }, sort: 'createdAt', include: ['assignee'] },
        add: '/tasks/new?project=r1',
      },
    ]);
  });

  it('asks a declared list call by the parameter that filters by the reference, or not at all', () => {
    const projects = example('projects');
    const task = findCall(apiCalls(projects), 'list', 'Task')!;
    expect(relatedQuery(task, 'project', 'p1', { include: [] })).toEqual({
      equals: { project: 'p1' },
      include: [],
    });
    const declared = (parameters: unknown[]): ApiCall => ({
      ...task,
      parameters: parameters as CallParameter[],
    });
    const condition = (name: string, source: string) => ({
      name,
      kind: 'condition',
      condition: { source },
    });
    expect(
      relatedQuery(declared([condition('in', 'record.project == value')]), 'project', 'p1', {
        sort: 'createdAt',
        include: ['assignee'],
      }),
    ).toEqual({ equals: { in: 'p1' } });
    expect(
      relatedQuery(
        declared([
          { name: 'q', kind: 'filter' },
          { name: 'order', kind: 'sort' },
        ]),
        'project',
        'p1',
        {
          sort: 'createdAt',
          include: [],
        },
      ),
    ).toEqual({ equals: { q: 'record.project == "p1"', order: 'createdAt' } });
    expect(
      relatedQuery(declared([condition('key', 'record.project.key == value')]), 'project', 'p1', {
        include: [],
      }),
    ).toBeUndefined();
  });
});
