import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  at,
  expectDiagnostic,
  expectNoDiagnostic,
  parse,
  spec,
  VALID_SPECS,
} from '../test-support.js';

const ENTITIES = [
  '### Ticket',
  '',
  '| Field | Type | Required | Default | Rules |',
  '|---|---|---|---|---|',
  '| title | text | yes | | |',
  '| product | → Product | no | | |',
  '',
  '### Product',
  '',
  '| Field | Type | Required | Default | Rules |',
  '|---|---|---|---|---|',
  '| name | text | yes | | unique |',
  '',
  '### Comment',
  '',
  '| Field | Type | Required | Default | Rules |',
  '|---|---|---|---|---|',
  '| ticket | → Ticket | yes | | |',
  '| body | text | yes | | |',
].join('\n');
const ROLES =
  '| Role | Description | Sign-up |\n|---|---|---|\n| customer | Asks | default |\n| agent | Answers | no |\n| admin | Runs it | no |';
const SCREENS_HEAD = '| Route | Screen | Kind | Entity | Who | Shows |\n|---|---|---|---|---|---|';
const PERMISSIONS_HEAD = '| Role | Entity | Actions | Allowed | Fields |\n|---|---|---|---|---|';
const doc = (screens: string[], rows: string[]): string =>
  spec({
    2: [SCREENS_HEAD, ...screens].join('\n'),
    3: ENTITIES,
    6: `${ROLES}\n\n${[PERMISSIONS_HEAD, ...rows].join('\n')}`,
  });
const TICKET_SCREENS = [
  '| /tickets/new | New ticket | form | Ticket | customer | title, product |',
  '| /tickets/:id | Ticket | detail | Ticket | signed-in | |',
];
const READS = ['| customer, agent | Ticket, Product, Comment | read | yes | all |'];

describe('checkJobsHaveScreens: create-without-screen', () => {
  it('warns at the create of a row whose role no create form opens for', () => {
    const md = doc(TICKET_SCREENS, [...READS, '| agent | Ticket | read, create | yes | all |']);
    expectDiagnostic(md, 'create-without-screen', at(md, 'create | yes | all |'));
  });

  it('holds a wildcard row only to entities no create form makes for anybody', () => {
    const md = doc(TICKET_SCREENS, [
      ...READS,
      '| customer | Ticket | create | yes | title, product |',
      '| admin | * | * | yes | all |',
    ]);
    const warned = parse(md).diagnostics.filter((d) => d.code === 'create-without-screen');
    // Products have no form at all; tickets have the customer's, comments are added in place.
    expect(warned.map((d) => [d.line, d.message.match(/`\w+`/g)])).toEqual([
      [at(md, '| admin | * |').line, ['`Product`']],
    ]);
    expectDiagnostic(md, 'create-without-screen', at(md, '* | yes | all |'));
  });

  it('accepts a record added in place on the page of the record it refers to', () => {
    const md = doc(TICKET_SCREENS, [
      ...READS,
      '| customer | Ticket | create | yes | title, product |',
      '| customer, agent | Comment | create | yes | ticket, body |',
    ]);
    expectNoDiagnostic(md, 'create-without-screen');
  });

  it('warns when the reference to the page’s record is not the role’s to set', () => {
    const md = doc(TICKET_SCREENS, [
      ...READS,
      '| customer | Ticket | create | yes | title, product |',
      '| agent | Comment | create | yes | body |',
    ]);
    expectDiagnostic(md, 'create-without-screen', at(md, 'create | yes | body'));
  });

  it('warns when a create form exists, so that no page adds the record in place', () => {
    const md = doc(
      [
        ...TICKET_SCREENS,
        '| /comments/new | New comment | form | Comment | customer | ticket, body |',
      ],
      [...READS, '| agent | Comment | create | yes | ticket, body |'],
    );
    expectDiagnostic(md, 'create-without-screen', at(md, 'create | yes | ticket, body'));
  });

  it('accepts a form open to anybody, or to every signed-in user', () => {
    const md = doc(
      ['| /tickets/new | New ticket | form | Ticket | signed-in | title |'],
      [
        ...READS,
        '| agent | Ticket | create | yes | all |',
        '| signed-in | Ticket | create | yes | title |',
      ],
    );
    expectNoDiagnostic(md, 'create-without-screen');
  });

  it('accepts a record made from the picker of a form, when no create form exists for it', () => {
    const md = doc(TICKET_SCREENS, [
      ...READS,
      '| customer | Ticket | create | yes | title, product |',
      '| customer | Product | create | yes | name |',
      '| admin | * | * | yes | all |',
    ]);
    expectNoDiagnostic(md, 'create-without-screen');
  });

  it('holds no job a `no` row of the same role takes away', () => {
    const md = doc(TICKET_SCREENS, [
      ...READS,
      '| customer | Ticket | create | yes | title, product |',
      '| customer, agent | Comment | create | yes | ticket, body |',
      '| admin | * | * | yes | all |',
      '| admin | Product | create | no | |',
      '| agent | Product | create | yes | all |',
    ]);
    // Admins may create everything but products; the agent's product row is still a job.
    const warned = parse(md).diagnostics.filter((d) => d.code === 'create-without-screen');
    expect(warned.map((d) => d.line)).toEqual([at(md, '| agent | Product | create').line]);
  });

  it('accepts every example: tags typed on an article or made in a picker, comments in place', () => {
    for (const file of VALID_SPECS)
      expectNoDiagnostic(readFileSync(file, 'utf8'), 'create-without-screen');
  });

  it('says nothing when section 2 is not specified, nor of User and rows that allow no create', () => {
    const unspecified = spec({
      3: ENTITIES,
      6: `${ROLES}\n\n${[PERMISSIONS_HEAD, '| agent | Product | create | yes | all |'].join('\n')}`,
    });
    expectNoDiagnostic(unspecified, 'create-without-screen');
    const md = doc(TICKET_SCREENS, [
      ...READS,
      '| admin | User | create | yes | all |',
      '| agent | Product | create | no | all |',
    ]);
    expectNoDiagnostic(md, 'create-without-screen');
  });
});

describe('checkJobsHaveScreens: reference-never-created', () => {
  it('warns at the type of a reference to an entity no row lets anybody create', () => {
    const md = doc(TICKET_SCREENS, [...READS, '| customer | Ticket | create | yes | title |']);
    expectDiagnostic(md, 'reference-never-created', at(md, 'Product | no'));
    expect(parse(md).diagnostics.filter((d) => d.code === 'reference-never-created')).toHaveLength(
      1,
    );
  });

  it('accepts references to entities some row lets a role create', () => {
    const md = doc(TICKET_SCREENS, [...READS, '| admin | * | * | yes | all |']);
    expectNoDiagnostic(md, 'reference-never-created');
  });
});
