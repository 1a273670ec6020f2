import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CREDENTIALS_TABLE, SESSIONS_TABLE } from '../../src/accounts/account-tables.js';
import { migrate, type Store } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { freshEmail, serveAccounts, sessionCookie } from './support/accounts-app.js';
import { parsed } from '../support/parsed-model.js';

/** A small application whose User has the given extra field rows; customers sign up. */
function spec(userRows: string[]): string {
  return [
    '# Specification: Club',
    '',
    '## 3. Entities and their fields',
    '',
    '### User',
    '',
    '| Field | Type | Required | Default | Rules |',
    '|---|---|---|---|---|',
    ...userRows,
    '',
    '### Note',
    '',
    '| Field | Type | Required | Default | Rules |',
    '|---|---|---|---|---|',
    '| title | text | yes | | |',
    '',
    '## 6. Roles and permissions',
    '',
    '| Role | Description | Sign-up |',
    '|---|---|---|',
    '| member | Writes notes | default |',
    '',
    '| Role | Entity | Actions | Allowed | Fields |',
    '|---|---|---|---|---|',
    '| member | Note | * | yes | all |',
    '',
  ].join('\n');
}

// From V1 to V2 the nickname becomes required (a rebuild of the users table on SQLite) and a
// field is added: the account tables refer to users throughout.
const V1 = parsed(spec(['| nickname | text | no | | |']));
const V2 = parsed(spec(['| nickname | text | yes | anon | |', '| city | text | no | | |']));

const PASSWORD = 'correct horse battery';

async function rows(store: Store, table: string, column: string, value: string) {
  return store.db.selectFrom(table).select(column).where(column, '=', value).execute();
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'account tables across schema changes', (databases) => {
    let store: Store;
    beforeAll(async () => {
      store = await databases.open();
    });
    afterAll(() => store?.close());

    it('keep credentials and sessions through a migration of the users table', async () => {
      const v1 = await serveAccounts(store, V1);
      const email = freshEmail();
      const up = await v1.send('POST', '/api/sign-up', {
        body: { email, password: PASSWORD, name: 'Kim' },
      });
      expect(up.statusCode, up.body).toBe(201);
      const session = sessionCookie(up)!.value;
      const id = up.json().id as string;
      await v1.app.close();

      const result = await migrate(store, V2);
      expect(result.status, result.plan.drift.join('\n')).toBe('applied');
      if (dialect === 'sqlite')
        expect(
          result.plan.steps.some((s) => s.kind === 'rebuild-table' && s.table === 'users'),
        ).toBe(true);

      const v2 = await serveAccounts(store, V2);
      try {
        const me = await v2.send('GET', '/api/me', { session });
        expect(me.statusCode).toBe(200);
        // Section 6 gives members no User rows: they read only what everyone reads of themselves.
        expect(me.json()).toEqual({ id, version: 1, email, name: 'Kim', roles: ['member'] });
        expect(await rows(store, 'users', 'nickname', 'anon')).toHaveLength(1);
        const signIn = await v2.send('POST', '/api/sign-in', {
          body: { email, password: PASSWORD },
        });
        expect(signIn.statusCode).toBe(200);
        expect((await migrate(store, V2)).status).toBe('up-to-date');
        if (dialect === 'sqlite') {
          const check = await sql`PRAGMA foreign_key_check`.execute(store.db);
          expect(check.rows).toEqual([]);
        }
        // The foreign keys still hold after the rebuild: deleting the user takes its account.
        await store.db.deleteFrom('users').where('id', '=', id).execute();
        expect(await rows(store, CREDENTIALS_TABLE, 'email', email)).toEqual([]);
        expect(await rows(store, SESSIONS_TABLE, 'userId', id)).toEqual([]);
        expect((await v2.send('GET', '/api/me', { session })).statusCode).toBe(401);
      } finally {
        await v2.app.close();
      }
    });

    it('are not drift, and are created once however many servers start', async () => {
      const fresh = await databases.open();
      try {
        const servers = await Promise.all([serveAccounts(fresh, V1), serveAccounts(fresh, V1)]);
        for (const s of servers) await s.app.close();
        const result = await migrate(fresh, V1);
        expect(result.status).toBe('up-to-date');
        expect(result.plan.drift).toEqual([]);
      } finally {
        await fresh.close();
      }
    });
  });
}
