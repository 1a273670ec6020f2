import type { Actor } from '../../src/index.js';
import { expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { labModel } from './support/lab-spec.js';
import { usePolicyHarness } from './support/policy-harness.js';

// A list's condition is kept per user when its SQL depends on the user alone (listConditionOf):
// these show that what is kept follows the user's record, and that a condition on the clock is
// never kept.

const ENTITIES = `### User

| Field | Type | Required | Default | Rules |
| ----- | ---- | -------- | ------- | ----- |
| team  | text | no       |         |       |

### Note

| Field     | Type     | Required | Default | Rules |
| --------- | -------- | -------- | ------- | ----- |
| title     | text     | yes      |         |       |
| team      | text     | yes      |         |       |
| shownFrom | datetime | yes      |         |       |
`;

const PERMISSIONS = `| Role   | Description                 | Sign-up |
| ------ | --------------------------- | ------- |
| member | Reads their team's notes    | default |
| reader | Reads the notes shown so far | no      |
| admin  | Writes notes                | no      |

| Role   | Entity | Actions | Allowed                     | Fields |
| ------ | ------ | ------- | --------------------------- | ------ |
| member | Note   | read    | \`record.team == user.team\` | all    |
| reader | Note   | read    | \`record.shownFrom <= now\`  | all    |
| admin  | Note   | *       | yes                         | all    |
`;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'a list condition kept per user', (databases) => {
    const p = usePolicyHarness(databases, labModel(ENTITIES, PERMISSIONS));
    const { h, as } = p;
    const titles = async (actor: Actor) =>
      (await h.ops('Note').listRecords(as(actor), { sort: [{ field: 'title' }] })).records.map(
        (r) => r.title,
      );
    const inTeam = (actor: Actor, team: string): Actor => ({ ...actor, fields: { team } });

    it("lists each user's own team, taking turns, and a user's new team at once", async () => {
      const admin = await h.actor(['admin']);
      const shownFrom = new Date(Date.now() - 60_000).toISOString();
      for (const [title, team] of [
        ['red 1', 'red'],
        ['blue 1', 'blue'],
        ['red 2', 'red'],
      ])
        await h.make('Note', admin, { title, team, shownFrom });
      const ann = await h.actor(['member']);
      const bo = await h.actor(['member']);
      for (let turn = 0; turn < 3; turn++) {
        expect(await titles(inTeam(ann, 'red'))).toEqual(['red 1', 'red 2']);
        expect(await titles(inTeam(bo, 'blue'))).toEqual(['blue 1']);
      }
      // The same user, moved to another team: the list follows the record, not the id.
      expect(await titles(inTeam(ann, 'blue'))).toEqual(['blue 1']);
      expect(await titles(inTeam(ann, 'green'))).toEqual([]);
      expect(await titles(inTeam(ann, 'red'))).toEqual(['red 1', 'red 2']);
    });

    it('reads the clock afresh for a condition on now', async () => {
      const admin = await h.actor(['admin']);
      const soon = new Date(Date.now() + 1_500).toISOString();
      await h.make('Note', admin, { title: 'later', team: 'red', shownFrom: soon });
      const reader = await h.actor(['reader']);
      const before = await titles(reader);
      expect(before).not.toContain('later');
      await new Promise((r) => setTimeout(r, 1_600));
      expect(await titles(reader)).toContain('later');
    });

    it('keeps the condition as one object per user, and none for the clock', () => {
      const policy = p.policy();
      const ann: Actor = { id: 'a', email: 'a@x.io', name: 'A', roles: ['member'], fields: {} };
      const red = policy.listCondition(inTeam(ann, 'red'), 'Note');
      expect(policy.listCondition(inTeam(ann, 'red'), 'Note')).toBe(red);
      expect(policy.listCondition(inTeam(ann, 'blue'), 'Note')).not.toBe(red);
      const reader: Actor = { ...ann, roles: ['reader'] };
      expect(policy.listCondition(reader, 'Note')).not.toBe(policy.listCondition(reader, 'Note'));
    });
  });
}
