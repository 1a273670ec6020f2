import type { AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/language';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseworkText } from '../../../../tests/support/casework.js';
import { addAccount, createServer, migrate, readSnapshot, type Store } from '../../src/index.js';
import { rebuildTableSql } from '../../src/store/sqlite-rebuild.js';
import { TEST_COST } from '../accounts/support/accounts-app.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';

// A history tells which fields an update or a transition's Sets changed, old and new, to each
// reader only as far as section 6 lets them read those fields (Casework, tests/support: clients
// may not read secretNote, auditors read the title alone).
const model: AppModel = parseSpec(caseworkText()).model!;
const PASSWORD = 'correct horse battery staple';
const PEOPLE = { ann: 'client', rita: 'reviewer', otto: 'auditor', ada: 'admin' };

type Body = Record<string, unknown>;
type Server = Awaited<ReturnType<typeof createServer>>;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'field changes in a history', (databases) => {
    let store: Store;
    let app: Server;
    const sessions: Record<string, string> = {};
    const ids: Record<string, string> = {};

    const send = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: Body) =>
      app.inject({
        method,
        url,
        headers: { cookie: `specrun_session=${sessions[who]!}` },
        ...(body ? { payload: body } : {}),
      });
    const ok = (response: LightMyRequestResponse, status = 200): Body => {
      expect(response.statusCode, response.body).toBe(status);
      return response.json<Body>();
    };
    const made = async (who: string, url: string, body: Body) =>
      ok(await send(who, 'POST', url, body), 201).id as string;
    const history = async (who: string, id: string) =>
      ok(await send(who, 'GET', `/api/cases/${id}/history`)).items as Body[];

    // Serves the store, everybody signed in afresh.
    const start = async () => {
      app = await createServer({ model, store, passwordCost: TEST_COST });
      for (const who of Object.keys(PEOPLE)) {
        const signedIn = await app.inject({
          method: 'POST',
          url: '/api/sign-in',
          payload: { email: `${who}@casework.test`, password: PASSWORD },
        });
        sessions[who] = signedIn.cookies.find((c) => c.name === 'specrun_session')!.value;
      }
    };

    beforeAll(async () => {
      store = await databases.open();
      await migrate(store, model);
      for (const [who, role] of Object.entries(PEOPLE)) {
        const email = `${who}@casework.test`;
        const account = { email, name: who, roles: [role], password: PASSWORD };
        ids[who] = (await addAccount(model, store, account, TEST_COST)).id;
      }
      await start();
      ids.first = await made('ann', '/api/folders', { name: 'First' });
      ids.second = await made('ann', '/api/folders', { name: 'Second' });
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await store?.close();
    });

    describe('a case edited, moved and decided', () => {
      let id: string;
      beforeAll(async () => {
        id = await made('ann', '/api/cases', { title: 'Noisy', folder: ids.first! });
        ok(await send('ann', 'PATCH', `/api/cases/${id}`, { title: 'Loud' }));
        ok(await send('ann', 'PATCH', `/api/cases/${id}`, { folder: ids.second! }));
        // Sent unchanged: nothing changed, so nothing is recorded.
        ok(await send('ann', 'PATCH', `/api/cases/${id}`, { title: 'Loud' }));
        const decision = { reason: 'heard both', outcome: 'upheld', note: 'the neighbour lied' };
        ok(await send('rita', 'POST', `/api/cases/${id}/decide`, decision));
      });

      it('records each update with the fields it changed, before and after', async () => {
        const [title, folder, decide] = await history('ada', id);
        expect(title).toMatchObject({
          action: 'update',
          fromState: 'open',
          toState: 'open',
          input: null,
          byUser: ids.ann,
          changes: [{ field: 'title', from: 'Noisy', to: 'Loud' }],
        });
        expect(folder!.changes).toEqual([{ field: 'folder', from: ids.first, to: ids.second }]);
        expect(decide!.action).toBe('decide');
      });

      it('records the fields a transition’s Sets changed', async () => {
        const decide = (await history('rita', id)).at(-1)!;
        expect(decide).toMatchObject({ fromState: 'open', toState: 'decided' });
        expect(decide.changes).toEqual([
          { field: 'outcome', from: null, to: 'upheld' },
          { field: 'secretNote', from: null, to: 'the neighbour lied' },
        ]);
      });

      it('shows a reader the changes of fields they may read and never names the others', async () => {
        const entries = await history('ann', id);
        expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'decide']);
        expect(entries[2]!.changes).toEqual([{ field: 'outcome', from: null, to: 'upheld' }]);
        expect(JSON.stringify(entries)).not.toContain('secretNote');
        expect(JSON.stringify(entries)).not.toContain('the neighbour lied');
      });

      it('leaves out an update of which the reader may read nothing', async () => {
        const entries = await history('otto', id);
        // The folder's move is not theirs to see at all; the decision is, without its fields.
        expect(entries.map((e) => e.action)).toEqual(['update', 'decide']);
        expect(entries[0]!.changes).toEqual([{ field: 'title', from: 'Noisy', to: 'Loud' }]);
        expect(entries[1]).toMatchObject({ fromState: null, toState: null, changes: [] });
        expect(JSON.stringify(entries)).not.toContain('folder');
      });

      it('writes no entry for a refused update', async () => {
        const before = (await history('ada', id)).length;
        const stale = await app.inject({
          method: 'PATCH',
          url: `/api/cases/${id}`,
          headers: { cookie: `specrun_session=${sessions.ada!}`, 'if-match': '"1"' },
          payload: { title: 'Too late' },
        });
        expect(stale.statusCode).toBe(412);
        expect(await history('ada', id)).toHaveLength(before);
      });
    });

    describe('a database whose history tables were made before changes were kept', () => {
      it('gains the column on migrating, keeps its entries and records changes from then on', async () => {
        const id = await made('ann', '/api/cases', { title: 'Old', folder: ids.first! });
        ok(await send('ann', 'POST', `/api/cases/${id}/move`, { folder: ids.second! }));
        await app.close();
        // As the database was: no `changes` column in any history table, nor in the snapshot.
        const snapshot = (await readSnapshot(store.db))!;
        for (const table of snapshot.tables.filter((t) => t.role.kind === 'history')) {
          table.columns = table.columns.filter((c) => c.name !== 'changes');
          // SQLite drops no column with a CHECK: the table is made again as it was, as a rebuild does.
          const statements =
            dialect === 'sqlite'
              ? rebuildTableSql(store.db, table, new Map())
              : [`ALTER TABLE "${table.name}" DROP COLUMN "changes"`];
          for (const statement of statements) await sql.raw(statement).execute(store.db);
        }
        await sql`UPDATE "_specrun_schema" SET "schema" = ${JSON.stringify(snapshot)} WHERE "id" = 1`.execute(
          store.db,
        );
        const result = await migrate(store, model);
        expect(result.status).toBe('applied');
        expect(result.plan.steps.map((s) => `${s.kind} ${s.table}.${s.column ?? ''}`)).toContain(
          'add-column cases_history.changes',
        );
        expect(result.plan.steps.every((s) => !s.destructive)).toBe(true);
        await start();
        ok(await send('ann', 'PATCH', `/api/cases/${id}`, { title: 'New' }));
        const [move, update] = await history('ann', id);
        expect(move).toMatchObject({ action: 'move', changes: null });
        expect(update!.changes).toEqual([{ field: 'title', from: 'Old', to: 'New' }]);
      });
    });
  });
}
