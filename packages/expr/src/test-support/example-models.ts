import type { AppModel } from '@specrun/model';
import { appModel, builtinFields, constant, entity, field, lifecycle } from './model-builder.js';

const ref = (entityName: string) => ({ kind: 'reference', entity: entityName }) as const;

/** The model of examples/helpdesk.spec.md; built-in fields left implicit. */
export const helpdesk: AppModel = appModel({
  name: 'Helpdesk',
  entities: [
    entity('Product', 'products', [
      field('name', { kind: 'text' }, true),
      field('active', { kind: 'boolean' }, true),
    ]),
    entity('Ticket', 'tickets', [
      field('title', { kind: 'text' }, true),
      field('body', { kind: 'longText' }, true),
      field('priority', { kind: 'enum', values: ['low', 'normal', 'high'] }, true),
      field('product', ref('Product')),
      field('customer', ref('User'), true),
      field('assignee', ref('User')),
      field('internalNote', { kind: 'longText' }),
      field('resolvedAt', { kind: 'datetime' }),
      field('status', { kind: 'state' }),
    ]),
    entity('Comment', 'comments', [
      field('ticket', ref('Ticket'), true),
      field('body', { kind: 'longText' }, true),
      field('author', ref('User'), true),
    ]),
  ],
  lifecycles: [lifecycle('Ticket', ['open', 'assigned', 'resolved', 'closed'])],
  constants: [
    constant('MAX_OPEN_TICKETS', { kind: 'number', value: 5 }),
    constant('MIN_HIGH_PRIORITY_BODY', { kind: 'number', value: 40 }),
    constant('REOPEN_WINDOW', { kind: 'duration', milliseconds: 72 * 3_600_000, source: '72h' }),
    constant('PAGE_SIZE', { kind: 'number', value: 25 }),
  ],
});

/** The model of examples/expenses.spec.md; built-in fields listed, as a reader may. */
export const expenses: AppModel = appModel({
  name: 'Expenses',
  properties: { currency: 'EUR' },
  entities: [
    entity(
      'User',
      'users',
      [
        ...builtinFields(),
        field('email', { kind: 'email' }, true),
        field('name', { kind: 'text' }, true),
        field('roles', { kind: 'roles' }, true),
        field('manager', ref('User')),
        field('iban', { kind: 'text' }),
      ],
      true,
    ),
    entity('Claim', 'claims', [
      ...builtinFields(),
      field('title', { kind: 'text' }, true),
      field('amount', { kind: 'money' }, true),
      field('spentOn', { kind: 'date' }, true),
      field(
        'category',
        { kind: 'enum', values: ['travel', 'meals', 'equipment', 'training', 'other'] },
        true,
      ),
      field('receipt', { kind: 'file' }),
      field('claimant', ref('User'), true),
      field('submittedAt', { kind: 'datetime' }),
      field('approvedAt', { kind: 'datetime' }),
      field('approver', ref('User')),
      field('rejectionReason', { kind: 'longText' }),
      field('status', { kind: 'state' }),
    ]),
  ],
  lifecycles: [lifecycle('Claim', ['draft', 'submitted', 'approved', 'rejected', 'paid'])],
  constants: [
    constant('MAX_CLAIM', { kind: 'money', amount: '25.00', currency: 'EUR' }),
    constant('MAX_SINGLE_CLAIM', { kind: 'money', amount: '5000.00', currency: 'EUR' }),
    constant('CLAIM_WINDOW', { kind: 'duration', milliseconds: 90 * 86_400_000, source: '90d' }),
    constant('MAX_REQUEST_BYTES', { kind: 'number', value: 5_000_000 }),
  ],
});

/** The part of examples/library.spec.md that its counts read: books, loans and fines. */
export const library: AppModel = appModel({
  name: 'Library',
  entities: [
    entity(
      'User',
      'users',
      [
        ...builtinFields(),
        field('email', { kind: 'email' }, true),
        field('name', { kind: 'text' }, true),
        field('roles', { kind: 'roles' }, true),
        field('suspended', { kind: 'boolean' }, true),
      ],
      true,
    ),
    entity('Book', 'books', [
      ...builtinFields(),
      field('title', { kind: 'text' }, true),
      field('replacementCost', { kind: 'money' }, true),
    ]),
    entity('Loan', 'loans', [
      ...builtinFields(),
      field('book', ref('Book'), true),
      field('member', ref('User'), true),
      field('renewals', { kind: 'integer' }, true),
      field('dueOn', { kind: 'date' }),
      field('status', { kind: 'state' }),
    ]),
    entity('Fine', 'fines', [
      ...builtinFields(),
      field('loan', ref('Loan'), true),
      field('amount', { kind: 'money' }, true),
      field('status', { kind: 'state' }),
    ]),
  ],
  lifecycles: [
    lifecycle('Loan', ['requested', 'ready', 'borrowed', 'returned', 'cancelled']),
    lifecycle('Fine', ['unpaid', 'paid', 'waived']),
  ],
  constants: [constant('MAX_LOANS', { kind: 'number', value: 3 })],
});
