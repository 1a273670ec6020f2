import { callerRoles, type AppModel } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { filterValues, listFilters, NONE_OPTION } from '../src/screens/list/list-filters.js';
import { defaultListSort } from '../src/screens/list/list-order.js';
import { example } from './examples.js';

const helpdesk = example('helpdesk');
const workshops = example('workshops');
const entity = (model: AppModel, name: string) => model.entities.find((e) => e.name === name)!;
const screen = (model: AppModel, route: string) => model.screens.find((s) => s.route === route)!;
const everyone = (_entity: string) => true;

/** The filters of a screen for a reader: each field with the values of its options. */
function offered(model: AppModel, route: string, roles: string[], canList = everyone) {
  const s = screen(model, route);
  const filters = listFilters(model, entity(model, s.entity!), s.filter?.source, {
    roles: callerRoles({ roles }),
    userId: 'me-id',
    canList,
  });
  return Object.fromEntries(
    filters.map((f) => [
      f.field.name,
      [...f.options.map((o) => o.label), ...(f.picker ? [`search ${f.picker}`] : [])],
    ]),
  );
}

describe('the filters a list offers', () => {
  it('offer no state the screen’s filter rules out', () => {
    // Tickets shows every ticket but closed ones.
    expect(offered(helpdesk, '/tickets', ['agent']).status).toEqual([
      'Open',
      'Escalated',
      'Assigned',
      'Resolved',
    ]);
  });

  it('offer no filter on a field the screen or the reader’s rows hold to one value', () => {
    // Upcoming workshops are all published; a visitor reads no draft anyway.
    expect(offered(workshops, '/events', [])).not.toHaveProperty('status');
    // A customer reads only their own tickets: "customer is me" would change nothing.
    expect(offered(helpdesk, '/tickets', ['customer'])).not.toHaveProperty('customer');
    // An organiser's own workshops, in every state their rows let them read.
    const mine = offered(workshops, '/my/events', ['organizer']);
    expect(mine.status).toEqual(['Draft', 'Published', 'Finished', 'Cancelled']);
    expect(mine).not.toHaveProperty('organizer');
  });

  it('offer the referenced records in a picker, Me, and None for an empty optional one', () => {
    const agent = offered(helpdesk, '/tickets', ['agent']);
    expect(agent.assignee).toEqual(['None', 'Me', 'search User']);
    // A required reference is never empty.
    expect(agent.customer).toEqual(['Me', 'search User']);
    expect(agent.product).toEqual(['None', 'search Product']);
    // A customer may not list users: only None and Me.
    const customer = offered(helpdesk, '/tickets', ['customer'], (e) => e !== 'User');
    expect(customer.assignee).toEqual(['None', 'Me']);
  });

  it('read None from an empty value, only where it is offered', () => {
    const s = screen(helpdesk, '/tickets');
    const filters = listFilters(helpdesk, entity(helpdesk, 'Ticket'), s.filter?.source, {
      roles: callerRoles({ roles: ['agent'] }),
      userId: 'me-id',
      canList: everyone,
    });
    const none = filters.find((f) => f.field.name === 'assignee')!.options[0]!;
    expect(none.value).toBe(NONE_OPTION);
    const search = new URLSearchParams('assignee=&priority=&status=open&other=x');
    expect(filterValues(filters, search)).toEqual({ assignee: '', status: 'open' });
  });
});

describe('the order a list asks for by default', () => {
  const sortOf = (model: AppModel, route: string, roles: string[]) => {
    const s = screen(model, route);
    return defaultListSort(
      model,
      callerRoles(roles.length ? { roles } : null),
      entity(model, s.entity!),
      s,
      [],
    );
  };

  it('is soonest first for a screen of what is to come', () => {
    expect(sortOf(workshops, '/events', [])).toBe('startsAt');
    expect(sortOf(workshops, '/events', ['attendee'])).toBe('startsAt');
  });

  it('is newest first for any other', () => {
    expect(sortOf(workshops, '/my/events', ['organizer'])).toBeUndefined();
    expect(sortOf(helpdesk, '/tickets', ['agent'])).toBeUndefined();
  });
});
