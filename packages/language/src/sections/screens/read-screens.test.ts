import { describe, expect, it } from 'vitest';
import {
  at,
  expectClean,
  expectDiagnostic,
  expectNoDiagnostic,
  parse,
  spec,
} from '../../test-support.js';

const ENTITY =
  '### Ticket\n\n| Field | Type |\n|---|---|\n| title | text |\n| priority | one of low, high |';
const ROLES =
  '| Role | Description | Sign-up |\n|---|---|---|\n| agent | Works | no |\n\n| Role | Entity | Actions | Allowed | Fields |\n|---|---|---|---|---|\n| agent | Ticket | read | yes | all |\n| signed-in | Ticket | create | yes | title, priority |';
const HEAD = '| Route | Screen | Kind | Entity | Who | Shows |\n|---|---|---|---|---|---|';
const screens = (rows: string): string => spec({ 2: `${HEAD}\n${rows}`, 3: ENTITY, 6: ROLES });

describe('readScreens', () => {
  it('reads screens of every kind with their Shows', () => {
    const md = screens(
      [
        '| / | Home | dashboard | | anyone | Purpose; my open tickets |',
        '| /tickets | Tickets | list | Ticket | agent | `record.priority != "low"`; columns title, priority |',
        '| /all | All | list | Ticket | agent | columns title |',
        '| /tickets/new | New ticket | form | Ticket | agent, signed-in | title, priority |',
        '| /tickets/:id | Ticket | detail | Ticket | signed-in | |',
        '| /about | About | page | | | We help. |',
        '| /sign-in | Sign in | sign-in | | | |',
        '| /account | Account | account | | signed-in | |',
        '| /spec | Spec | spec | | agent | |',
      ].join('\n'),
    );
    const model = expectClean(md);
    expect(model.screens[0]).toEqual({
      route: '/',
      name: 'Home',
      kind: 'dashboard',
      who: ['anyone'],
      text: 'Purpose; my open tickets',
      derived: false,
      line: at(md, '| / |').line,
    });
    expect(model.screens[1]).toMatchObject({
      kind: 'list',
      entity: 'Ticket',
      who: ['agent'],
      filter: { source: 'record.priority != "low"', ...at(md, 'record.priority') },
      fields: ['title', 'priority'],
    });
    expect(model.screens[2]).toMatchObject({ fields: ['title'] });
    expect(model.screens[2]!.filter).toBeUndefined();
    expect(model.screens[3]).toMatchObject({
      kind: 'form',
      who: ['agent', 'signed-in'],
      fields: ['title', 'priority'],
    });
    expect(model.screens[5]).toMatchObject({ kind: 'page', text: 'We help.', who: ['anyone'] });
    expect(model.screens[6]).toMatchObject({ kind: 'sign-in', who: ['anyone'] });
    expect(model.screens.map((s) => s.kind)).toEqual([
      'dashboard',
      'list',
      'list',
      'form',
      'detail',
      'page',
      'sign-in',
      'account',
      'spec',
    ]);
  });

  it('lets anyone open a screen whose Who is empty', () => {
    // No form lets signed-in users create the tickets section 6 allows: that warning is not this test's.
    const model = expectClean(screens('| /about | About | page | | | We help. |'), true);
    expect(model.screens[0]!.who).toEqual(['anyone']);
  });

  it('derives a home and four screens per entity when the section is unspecified', () => {
    const model = expectClean(
      spec({ 3: `${ENTITY}\n\n### LineItem\n\n| Field | Type |\n|---|---|\n| qty | integer |` }),
      true,
    );
    expect(model.screens.map((s) => [s.route, s.kind, s.entity])).toEqual([
      ['/', 'dashboard', undefined],
      ['/tickets', 'list', 'Ticket'],
      ['/tickets/new', 'form', 'Ticket'],
      ['/tickets/:id', 'detail', 'Ticket'],
      ['/tickets/:id/edit', 'form', 'Ticket'],
      ['/line-items', 'list', 'LineItem'],
      ['/line-items/new', 'form', 'LineItem'],
      ['/line-items/:id', 'detail', 'LineItem'],
      ['/line-items/:id/edit', 'form', 'LineItem'],
    ]);
    expect(model.screens.every((s) => s.derived && s.who.join() === 'signed-in')).toBe(true);
    expect(model.screens.find((s) => s.route === '/line-items/new')?.name).toBe('New line item');
  });

  it('errors on routes that clash, but not on a static segment beside a parameter', () => {
    const md = screens(
      '| /tickets/:id | A | detail | Ticket | | |\n| /tickets/:key | B | detail | Ticket | | |',
    );
    expectDiagnostic(md, 'route-clash', at(md, '/tickets/:key'));
    expectNoDiagnostic(
      screens(
        '| /tickets/new | A | form | Ticket | | title |\n| /tickets/:id | B | detail | Ticket | | |',
      ),
      'route-clash',
    );
  });

  it('errors on unknown kinds, entities, roles and fields with hints', () => {
    const md = screens(
      '| /a | A | lst | Ticket | | |\n| /b | B | list | Tiket | | |\n| /c | C | list | Ticket | agnt | columns titel |',
    );
    expect(expectDiagnostic(md, 'unknown-kind', at(md, 'lst')).hint).toContain('list');
    expect(expectDiagnostic(md, 'unknown-entity', at(md, 'Tiket')).hint).toContain('Ticket');
    expect(expectDiagnostic(md, 'unknown-role', at(md, 'agnt')).hint).toContain('agent');
    expect(expectDiagnostic(md, 'unknown-field', at(md, 'titel')).hint).toContain('title');
  });

  it('errors on a bad route, a list without entity, and Shows that are not columns', () => {
    const md = screens(
      '| tickets | A | dashboard | | | |\n| /b | B | list | | | |\n| /c | C | list | Ticket | | title, priority |',
    );
    expectDiagnostic(md, 'bad-route', at(md, 'tickets |'));
    expectDiagnostic(md, 'missing-entity', { line: at(md, '| /b |').line });
    expectDiagnostic(md, 'bad-shows', at(md, 'title, priority |'));
  });

  it('warns on an unknown column and still reads the table', () => {
    const md = spec({ 2: '| Route | Kind | Colour |\n|---|---|---|\n| / | dashboard | red |' });
    expectDiagnostic(md, 'unknown-column', at(md, 'Colour'));
    expect(parse(md).model.screens).toHaveLength(1);
  });
});
