import { entity, field, lifecycle, model, type } from '../support/model-builder.js';

/** A helpdesk with one field of every type, a `list of`, references and a lifecycle. */
export function helpdesk() {
  return model(
    [
      entity('Tag', [field('name', type.text, { required: true, unique: true })]),
      entity('Ticket', [
        field('title', type.text, { required: true }),
        field('body', type.longText),
        field('priority', type.oneOf('low', 'normal', 'high'), {
          required: true,
          default: 'normal',
        }),
        field('estimate', type.integer),
        field('ratio', type.decimal),
        field('price', type.money('USD')),
        field('fee', type.money()),
        field('yen', type.money('JPY')),
        field('urgent', type.boolean),
        field('dueDate', type.date),
        field('closedAt', type.datetime),
        field('contact', type.email),
        field('link', type.url),
        field('attachment', type.file),
        field('assignee', type.ref('User')),
        field('tags', type.listOf('Tag')),
        field('status', type.state),
      ]),
      entity('Comment', [
        field('ticket', type.ref('Ticket'), { required: true }),
        field('text', type.text, { required: true }),
      ]),
    ],
    {
      name: 'Helpdesk',
      currency: 'EUR',
      lifecycles: [lifecycle('Ticket', 'status', ['open', 'closed'])],
    },
  );
}
