import type { AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/language';
import { exampleText } from '../../../../../tests/support/examples.js';

const UNSPECIFIED = (n: number, title: string, what: string) =>
  `## ${n}. ${title}\n\nThe ${what} of the product are not shown.\n`;

/** A specification with sections 3 and 6 as given, the others unspecified, read as a model. */
export function labModel(
  entities: string,
  permissions: string,
  /** Error codes to read past: a test of what start refuses, which check reports too. */
  accepting: readonly string[] = [],
): AppModel {
  const text = [
    '# Specification: Policy lab\n',
    '## 1. What the product does and for whom\n\nA laboratory for the rules of section 6.\n',
    UNSPECIFIED(2, 'Screens and routes', 'screens and routes'),
    `## 3. Entities and their fields\n\n${entities}\n`,
    UNSPECIFIED(4, 'States and transitions', 'states and transitions'),
    UNSPECIFIED(5, 'Validation rules', 'validation rules'),
    `## 6. Roles and permissions\n\n${permissions}\n`,
    UNSPECIFIED(7, 'The calls it makes', 'calls'),
    UNSPECIFIED(8, 'The error catalogue', 'errors'),
    UNSPECIFIED(9, 'Business constants and limits', 'constants and limits'),
  ].join('\n');
  const { model, diagnostics } = parseSpec(text);
  const errors = diagnostics.filter((d) => d.severity === 'error' && !accepting.includes(d.code));
  if (!model || errors.length > 0)
    throw new Error(`the lab does not read: ${errors.map((e) => e.message).join('; ')}`);
  return model;
}

/** The helpdesk example, read fresh. */
export function helpdeskModel(): AppModel {
  return parseSpec(exampleText('helpdesk')).model!;
}

/** Products and tickets, owned by customers, with a note and a secret to hide. */
export const LAB_ENTITIES = `### Product

| Field  | Type    | Required | Default | Rules |
| ------ | ------- | -------- | ------- | ----- |
| name   | text    | yes      |         |       |
| active | boolean | no       | true    |       |

### Ticket

| Field        | Type      | Required | Default   | Rules |
| ------------ | --------- | -------- | --------- | ----- |
| title        | text      | yes      |           |       |
| customer     | → User    | yes      | \`user.id\` |       |
| product      | → Product | no       |           |       |
| internalNote | long text | no       |           |       |
| secret       | text      | no       |           |       |
`;

/** Customers who own tickets (and may hand them over), auditors, admins who may not delete. */
export const LAB_PERMISSIONS = `| Role     | Description             | Sign-up |
| -------- | ----------------------- | ------- |
| customer | Opens tickets           | default |
| auditor  | Looks at some tickets   | no      |
| clerk    | Tidies up               | no      |
| admin    | Runs the place          | no      |

| Role     | Entity  | Actions | Allowed                        | Fields                   |
| -------- | ------- | ------- | ------------------------------ | ------------------------ |
| anyone   | Ticket  | read    | \`record.product.active\`        | title                    |
| anyone   | Product | read    | yes                            | all                      |
| customer | Ticket  | read    | \`record.customer == user.id\`   | all except internalNote  |
| customer | Ticket  | create  | yes                            | title, customer, product |
| customer | Ticket  | update  | \`record.customer == user.id\`   | title, customer          |
| auditor  | Ticket  | create  | \`record.product != null\`       | secret                   |
| auditor  | Ticket  | update  | \`record.product != null\`       | secret                   |
| clerk    | Ticket  | delete  | yes                            |                          |
| admin    | *       | *       | yes                            | all                      |
| admin    | Ticket  | delete  | no                             |                          |
`;
