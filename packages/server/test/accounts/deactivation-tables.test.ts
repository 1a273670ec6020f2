import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEACTIVATED_TABLE } from '../../src/accounts/account-tables.js';
import { addAccount, migrate, type Store } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { freshEmail, serveAccounts, sessionCookie, TEST_COST } from './support/accounts-app.js';

// Deactivations are kept in an engine table of their own: a database made before it gets it at
// the next start, and it follows the users table through schema changes.

const spec = (userRows: string[]) =>
  specText('Club', {
    3: [
      '### User',
      '',
      '| Field | Type | Required | Default | Rules |',
      '|---|---|---|---|---|',
      ...userRows,
    ].join('\n'),
    6: [
      '| Role | Description | Sign-up |',
      '|---|---|---|',
      '| member | Belongs to the club | default |',
      '| admin | Runs the club | no |',
      '',
      '| Role | Entity | Actions | Allowed | Fields |',
      '|---|---|---|---|---|',
      '| admin | * | * | yes | all |',
    ].join('\n'),
  });

// From V1 to V2 the nickname becomes required: SQLite rebuilds the users table.
const V1 = parsed(spec(['| nickname | text | no | | |']));
const V2 = parsed(spec(['| nickname | text | yes | anon | |']));

const PASSWORD = 'correct horse battery';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'deactivations in the database', (databases) => {
    let store: Store;
    beforeAll(async () => {
      store = await databases.open();
      await migrate(store, V1);
    });
    afterAll(() => store?.close());

    const add = (roles: string[]) =>
      addAccount(V1, store, { email: freshEmail(), roles, password: PASSWORD }, TEST_COST);

    it('come to a database made before them, at the next start', async () => {
      const admin = await add(['admin']);
      const member = await add(['member']);
      await sql`DROP TABLE ${sql.table(DEACTIVATED_TABLE)}`.execute(store.db);
      const server = await serveAccounts(store, V1);
      try {
        const signIn = (email: string) =>
          server.send('POST', '/api/sign-in', { body: { email, password: PASSWORD } });
        expect((await signIn(member.email)).statusCode).toBe(200);
        const session = sessionCookie(await signIn(admin.email))!.value;
        const done = await server.send('POST', `/api/_accounts/${member.id}/deactivate`, {
          session,
        });
        expect(done.statusCode, done.body).toBe(200);
        expect((await signIn(member.email)).json().code).toBe('ACCOUNT_DEACTIVATED');
      } finally {
        await server.app.close();
      }
    });

    it('stay through a migration of the users table, and go with the user', async () => {
      const member = await add(['member']);
      const admin = await add(['admin']);
      const v1 = await serveAccounts(store, V1);
      const signIn = await v1.send('POST', '/api/sign-in', {
        body: { email: admin.email, password: PASSWORD },
      });
      const session = sessionCookie(signIn)!.value;
      await v1.send('POST', `/api/_accounts/${member.id}/deactivate`, { session });
      await v1.app.close();

      expect((await migrate(store, V2)).status).toBe('applied');
      const v2 = await serveAccounts(store, V2);
      try {
        const refused = await v2.send('POST', '/api/sign-in', {
          body: { email: member.email, password: PASSWORD },
        });
        expect(refused.json().code).toBe('ACCOUNT_DEACTIVATED');
        await store.db.deleteFrom('users').where('id', '=', member.id).execute();
        const left = await store.db
          .selectFrom(DEACTIVATED_TABLE)
          .select('userId')
          .where('userId', '=', member.id)
          .execute();
        expect(left).toEqual([]);
      } finally {
        await v2.app.close();
      }
    });
  });
}
