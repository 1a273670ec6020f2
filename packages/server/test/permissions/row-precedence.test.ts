import { compilePolicy } from '../../src/index.js';
import { modelSqlMapping } from '../support/model-sql-mapping.js';
import { describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { expectCode } from '../operations/support/expect-code.js';
import { helpdeskModel, labModel, LAB_ENTITIES, LAB_PERMISSIONS } from './support/lab-spec.js';
import { usePolicyHarness } from './support/policy-harness.js';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'how rows add up', (databases) => {
    describe('a lab where admins may do everything but delete tickets', () => {
      const { h, as, dump } = usePolicyHarness(databases, labModel(LAB_ENTITIES, LAB_PERMISSIONS));
      const tickets = () => h.ops('Ticket');

      it('lets a `no` row overrule its own role only', async () => {
        const customer = await h.actor(['customer']);
        const admin = await h.actor(['admin']);
        const adminClerk = await h.actor(['admin', 'clerk']);
        const clerk = await h.actor(['clerk']);
        const product = await h.make('Product', customer);
        const make = () =>
          tickets().createRecord(as(customer), { title: 'Delete me', product: product.id });
        const first = await make();
        const id = first.id as string;

        const before = await dump();
        await expectCode(tickets().deleteRecord(as(admin), id, 1), 'FORBIDDEN');
        expect(await dump()).toEqual(before);
        // The `no` names delete only: admins still read and update everything.
        expect(await tickets().getRecord(as(admin), id)).toHaveProperty('internalNote');
        const noted = await tickets().updateRecord(as(admin), id, { internalNote: 'n' }, 1);
        expect(noted.version).toBe(2);
        // Another role of the same user allows it.
        await tickets().deleteRecord(as(adminClerk), id, 2);
        await expectCode(tickets().getRecord(as(admin), id), 'NOT_FOUND');
        // A clerk alone may delete a ticket it can read (through `anyone`).
        const second = await make();
        await tickets().deleteRecord(as(clerk), second.id as string, 1);
        // A record the caller may not read is not found, not forbidden.
        const hidden = await tickets().createRecord(as(customer), { title: 'No product' });
        await expectCode(tickets().deleteRecord(as(clerk), hidden.id as string, 1), 'NOT_FOUND');
      });
    });

    describe('a lab where a `*` row names a field only tickets have', () => {
      const permissions = `| Role    | Description | Sign-up |
| ------- | ----------- | ------- |
| auditor | Audits      | default |

| Role    | Entity | Actions      | Allowed                      | Fields |
| ------- | ------ | ------------ | ---------------------------- | ------ |
| auditor | *      | read, update | \`record.customer == user.id\` | all    |
`;
      const { h, as } = usePolicyHarness(databases, labModel(LAB_ENTITIES, permissions));

      it('holds where the field is, and never where it cannot be evaluated', async () => {
        const auditor = await h.actor(['auditor']);
        const other = await h.actor(['auditor']);
        const mine = await h.make('Ticket', auditor);
        await h.make('Ticket', other);
        await h.make('Product', auditor);
        const listed = await h.ops('Ticket').listRecords(as(auditor));
        expect(listed.records.map((r) => r.id)).toEqual([mine.id]);
        expect(listed.records[0]).toHaveProperty('internalNote');
        await expectCode(h.ops('Product').listRecords(as(auditor)), 'FORBIDDEN');
        // Users have no `customer`: only the own account shows, with its five fields.
        const users = await h.ops('User').listRecords(as(auditor));
        expect(users.records.map((r) => Object.keys(r).sort())).toEqual([
          ['email', 'id', 'name', 'roles', 'version'],
        ]);
        const updated = await h
          .ops('Ticket')
          .updateRecord(as(auditor), mine.id as string, { title: 'Audited' }, 1);
        expect(updated.title).toBe('Audited');
      });
    });

    describe('helpdesk transitions', () => {
      const { h, policy } = usePolicyHarness(databases, helpdeskModel());

      it('allows an action when a row of the caller names it and holds on the stored record', async () => {
        const customer = await h.actor(['customer']);
        const other = await h.actor(['customer']);
        const agent = await h.actor(['agent']);
        const admin = await h.actor(['admin']);
        const ticket = await h.make('Ticket', customer);
        const db = h.store().db;
        const can = (actor: typeof customer | null, action: string) =>
          policy().canTakeAction(actor, 'Ticket', action, ticket, db);
        expect(await can(customer, 'reopen')).toBe(true);
        expect(await can(customer, 'cancel')).toBe(true);
        expect(await can(other, 'reopen')).toBe(false);
        expect(await can(customer, 'assign')).toBe(false);
        expect(await can(agent, 'assign')).toBe(true);
        expect(await can(agent, 'reopen')).toBe(false);
        expect(await can(admin, 'reopen')).toBe(true);
        expect(await can(admin, 'no-such-action')).toBe(true);
        expect(await can(null, 'reopen')).toBe(false);
      });
    });
  });
}

describe('starting the policy', () => {
  // A regular expression: matches() is worked out on the server, not in the database.
  it('refuses a condition that cannot run in the database, naming its line', () => {
    const entities = `### Claim

| Field  | Type    | Required | Default | Rules |
| ------ | ------- | -------- | ------- | ----- |
| amount | money   | yes      |         |       |
| code   | text    | yes      |         |       |
`;
    const permissions = `| Role  | Description | Sign-up |
| ----- | ----------- | ------- |
| clerk | Counts      | default |

| Role  | Entity | Actions | Allowed                                        | Fields |
| ----- | ------ | ------- | ---------------------------------------------- | ------ |
| clerk | Claim  | read    | \`record.code.matches("^A")\`                 | all    |
`;
    // `specrun check` reports it too (cannot-run-in-database): the lab reads past that error.
    expect(() => labModel(entities, permissions)).toThrow(/run in the database/);
    const model = labModel(entities, permissions, ['cannot-run-in-database']);
    const line = model.permissions[0]!.line;
    const mapping = modelSqlMapping(model, 'sqlite');
    expect(() => compilePolicy({ model, tables: new Map(), mapping })).toThrow(
      new RegExp(`Section 6, line ${line}: .*record\\.code\\.matches`),
    );
  });
});
