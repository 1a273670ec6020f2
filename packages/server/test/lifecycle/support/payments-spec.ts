import type { AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/language';

/**
 * A small specification whose guards exercise what the examples do not: a part reading `input`
 * that follows a reference, a Set read through a reference, a date compared with an instant
 * outside UTC (which SQLite cannot run in SQL), and an action `anyone` may take.
 */
export const PAYMENTS_SPEC = `
# Specification: Payments

## 1. What the product does and for whom

Pays what the company owes, within each account's limit.

- Time zone: Europe/Paris

## 2. Screens and routes

The screens are not specified.

## 3. Entities and their fields

### Account

| Field | Type | Required | Default | Rules |
|---|---|---|---|---|
| name | text | yes | | |
| limit | integer | yes | | min 0 |
| owner | → User | yes | \`user.id\` | read-only |

### Payment

| Field | Type | Required | Default | Rules |
|---|---|---|---|---|
| account | → Account | yes | | |
| dueOn | date | yes | | |
| amount | integer | no | | read-only, min 1 |
| approvedBy | → User | no | | read-only |
| note | text | no | | read-only |
| status | state | | | |

## 4. States and transitions

### Payment

- States: pending, approved, paid, void
- Initial: pending

| From | Action | To | Who | When | Sets | Error |
|---|---|---|---|---|---|---|
| pending | approve | approved | clerk | \`input.amount > 0 && input.amount <= record.account.limit && record.account.owner != user.id\` | amount = \`input.amount\`, approvedBy = \`record.account.owner\` | OVER_LIMIT |
| approved | pay | paid | clerk | \`record.dueOn <= now\` | | NOT_DUE |
| pending | drop | void | anyone | | note = \`"dropped"\` | |

## 5. Validation rules

The validation rules are not specified.

## 6. Roles and permissions

| Role | Description | Sign-up |
|---|---|---|
| clerk | Approves and pays | no |

| Role | Entity | Actions | Allowed | Fields |
|---|---|---|---|---|
| clerk | * | * | yes | all |
| anyone | Payment | read, drop | yes | all |

## 7. The calls it makes

The calls are not specified.

## 8. The error catalogue

| Code | Status | Message |
|---|---|---|
| OVER_LIMIT | 422 | The amount is over the account's limit. |
| NOT_DUE | 409 | This payment is not due yet. |

## 9. Business constants and limits

The constants are not specified.
`;

/**
 * The payments model, or a variant of it made by editing the text; throws on errors, except those
 * with the `accepting` codes (a test of what start refuses, which check reports too).
 */
export function paymentsModel(
  edit: (text: string) => string = (t) => t,
  accepting: readonly string[] = [],
): AppModel {
  const { model, diagnostics } = parseSpec(edit(PAYMENTS_SPEC));
  const errors = diagnostics.filter((d) => d.severity === 'error' && !accepting.includes(d.code));
  if (!model || errors.length > 0) throw new Error(`payments: ${errors[0]?.message}`);
  return model;
}
