/** A specification with a field of every type the compiler reads, for the differential tests. */
export const LAB_SPEC = `# Specification: Lab

## 1. What the product does and for whom

Lab exercises every construct the SQL compiler supports.

- Currency: EUR

## 2. Screens and routes

The screens are not specified.

## 3. Entities and their fields

### User

| Field | Type | Required | Default | Rules |
|---|---|---|---|---|
| manager | → User | no | | |
| nickname | text | no | | |

### Tag

| Field | Type | Required | Default | Rules |
|---|---|---|---|---|
| name | text | yes | | |

### Item

| Field | Type | Required | Default | Rules |
|---|---|---|---|---|
| title | text | yes | | |
| note | text | no | | |
| quantity | integer | no | | |
| ratio | decimal | no | | |
| price | money | yes | | |
| bonus | money | no | | |
| active | boolean | no | | |
| due | date | no | | |
| startsAt | datetime | no | | |
| level | one of low, mid, high | no | | |
| owner | → User | yes | | |
| reviewer | → User | no | | |
| parent | → Item | no | | |
| tags | list of Tag | no | | |
| status | state | | | |

## 4. States and transitions

### Item

- States: draft, live, archived
- Initial: draft

| From | Action | To | Who | When | Sets |
|---|---|---|---|---|---|
| draft | publish | live | admin | | |

## 5. Validation rules

The validation rules are not specified.

## 6. Roles and permissions

| Role | Description | Sign-up |
|---|---|---|
| admin | Everything | no |
| viewer | Reads | default |

| Role | Entity | Actions | Allowed | Fields |
|---|---|---|---|---|
| admin | * | * | yes | all |

## 7. The calls it makes

The calls are not specified.

## 8. The error catalogue

The error catalogue is not specified.

## 9. Business constants and limits

| Name | Value | Meaning |
|---|---|---|
| LIMIT | 5 | A count |
| PRICE_CAP | 12.50 EUR | Money |
| WINDOW | 3d | A duration |
| RATE | 1.5 | A double |
| PREFIX | a% | A string with a LIKE wildcard |
`;
