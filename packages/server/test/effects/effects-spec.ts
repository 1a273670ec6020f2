import { parsed, specText } from '../support/parsed-model.js';

/**
 * Courses with a waitlist: an enrolment beyond the capacity waits; cancelling a place promotes
 * the first waiting enrolment, tells the student by a Notice and marks the course.
 */
export const EFFECTS_SPEC = specText('Effects', {
  3: `
### Course

| Field      | Type    | Required | Default | Rules  |
| ---------- | ------- | -------- | ------- | ------ |
| title      | text    | yes      |         |        |
| capacity   | integer | yes      |         | min 1  |
| lastChange | text    | no       |         |        |

### Enrolment

| Field   | Type      | Required | Default   | Rules |
| ------- | --------- | -------- | --------- | ----- |
| course  | -> Course | yes      |           |       |
| student | -> User   | yes      | \`user.id\` |       |
| status  | state     |          |           |       |

### Notice

| Field | Type    | Required | Default | Rules              |
| ----- | ------- | -------- | ------- | ------------------ |
| to    | -> User | yes      |         |                    |
| text  | text    | yes      |         | at most 40 chars   |
`,
  4: `
### Enrolment

- States: enrolled, waitlisted, cancelled
- Initial: waitlisted when \`count(Enrolment, e, e.course == record.course && e.status == "enrolled") >= record.course.capacity\`, else enrolled
- After create: create Notice with to = \`record.student\`, text = \`"Enrolled as " + record.status\`
- After cancel: first Enrolment e where \`old.status == "enrolled" && e.course == record.course && e.status == "waitlisted"\` by e.createdAt takes enrol
- After cancel: create Notice with to = \`record.student\`, text = \`"Cancelled: " + record.course.title\`
- After cancel: update course with lastChange = \`"cancel by " + user.name\`

| From                 | Action | To        | Who     | When | Sets | Error |
| -------------------- | ------ | --------- | ------- | ---- | ---- | ----- |
| enrolled, waitlisted | cancel | cancelled | student |      |      |       |
| waitlisted           | enrol  | enrolled  | admin   |      |      |       |
`,
  5: `
| Entity | Rule                                                                  | Error         | On     |
| ------ | --------------------------------------------------------------------- | ------------- | ------ |
| Course | \`record.title != "Locked" \\|\\| record.lastChange == old.lastChange\` | COURSE_LOCKED | update |
`,
  6: `
| Role    | Description      | Sign-up |
| ------- | ---------------- | ------- |
| student | Takes courses    | default |
| admin   | Runs the courses | no      |

| Role    | Entity | Actions | Allowed | Fields |
| ------- | ------ | ------- | ------- | ------ |
| admin   | *      | *       | yes     | all    |
`,
  8: `
| Code          | Status | Message                          |
| ------------- | ------ | -------------------------------- |
| COURSE_LOCKED | 409    | This course can no longer change. |
`,
});

export const EFFECTS_MODEL = parsed(EFFECTS_SPEC, 'effects spec');
