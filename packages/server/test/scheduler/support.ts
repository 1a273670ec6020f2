import { parsed, specText } from '../support/parsed-model.js';

/** A helpdesk in small: tickets escalate past their SLA, and close 7 days after resolution. */
export const AUTOMATIC_SPEC = specText('Desk', {
  3: `### Ticket

| Field | Type | Required | Default | Rules |
|---|---|---|---|---|
| title | text | yes | | |
| slaHours | integer | yes | 4 | |
| resolvedAt | datetime | no | | |
| closedAt | datetime | no | | |
| status | state | | | |`,
  4: `### Ticket

- States: open, escalated, resolved, closed
- Initial: open

| From | Action | To | Who | When | Sets |
|---|---|---|---|---|---|
| open, escalated | resolve | resolved | admin | | resolvedAt = \`now\` |
| open | escalate | escalated | system | \`now > record.createdAt + hours(record.slaHours)\` | |
| resolved | expire | closed | system | \`now - record.resolvedAt >= duration(AUTO_CLOSE_AFTER)\` | closedAt = \`now\` |`,
  9: `| Name | Value | Meaning |
|---|---|---|
| AUTO_CLOSE_AFTER | 7d | How long a resolved ticket stays before it closes |`,
});

export const automaticModel = parsed(AUTOMATIC_SPEC, 'the automatic desk');

/** A clock a test moves by hand. */
export function handClock(start: Date) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advanceHours: (hours: number) => {
      now += hours * 3_600_000;
    },
  };
}
