import type { AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/language';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseworkText } from '../../../../tests/support/casework.js';
import { addAccount, createServer, migrate, type Store } from '../../src/index.js';
import { TEST_COST } from '../accounts/support/accounts-app.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';

// What an answer may tell a reader, with section 6 compiled from Casework (tests/support): a
// history shows only the inputs and people the reader may read, a filter reads only the fields
// of their own account they may read, a reference to a record they may not read is refused as
// one to a record that does not exist, and a refused delete counts only what they may read.
const model: AppModel = parseSpec(caseworkText()).model!;
const PASSWORD = 'correct horse battery staple';
const NOWHERE = '00000000-0000-7000-8000-000000000000';

type Body = Record<string, unknown>;
type Server = Awaited<ReturnType<typeof createServer>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'what answers tell a reader', (databases) => {
    let store: Store;
    let app: Server;
    const sessions: Record<string, string> = {};
    const ids: Record<string, string> = {};

    const send = (who: string, method: Method, url: string, body?: Body) =>
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

    beforeAll(async () => {
      store = await databases.open();
      await migrate(store, model);
      app = await createServer({ model, store, passwordCost: TEST_COST });
      const people = { ann: 'client', bob: 'client', rita: 'reviewer', otto: 'auditor' };
      for (const [who, role] of Object.entries({ ...people, ada: 'admin' })) {
        const email = `${who}@casework.test`;
        const account = { email, name: who, roles: [role], password: PASSWORD };
        ids[who] = (await addAccount(model, store, account, TEST_COST)).id;
        const signedIn = await app.inject({
          method: 'POST',
          url: '/api/sign-in',
          payload: { email, password: PASSWORD },
        });
        sessions[who] = signedIn.cookies.find((c) => c.name === 'specrun_session')!.value;
      }
      await store.db.updateTable('users').set({ clearance: 'top' }).execute();
      ids.annFolder = await made('ann', '/api/folders', { name: 'Ann’s' });
      ids.bobFolder = await made('bob', '/api/folders', { name: 'Bob’s' });
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await store?.close();
    });

    describe('a history', () => {
      let url: string;
      beforeAll(async () => {
        const id = await made('ann', '/api/cases', { title: 'Noisy', folder: ids.annFolder! });
        url = `/api/cases/${id}`;
        const second = await made('ann', '/api/folders', { name: 'Ann’s second' });
        ok(await send('ann', 'POST', `${url}/move`, { folder: second }));
        const decision = { reason: 'heard both', outcome: 'upheld', note: 'the neighbour lied' };
        ok(await send('rita', 'POST', `${url}/decide`, decision));
      });
      const history = async (who: string) =>
        ok(await send(who, 'GET', `${url}/history`)).items as Body[];

      it('leaves out the inputs that feed fields the reader may not read, and only those', async () => {
        const [move, decide] = await history('ann');
        expect(move).toMatchObject({ action: 'move', input: { folder: expect.any(String) } });
        // outcome is Ann's to read; note feeds secretNote, reason feeds no field at all.
        expect(decide!.input).toEqual({ outcome: 'upheld' });
        const full = (await history('rita'))[1]!;
        expect(full.input).toEqual({
          reason: 'heard both',
          outcome: 'upheld',
          note: 'the neighbour lied',
        });
        expect((await history('ada'))[1]!.input).toEqual(full.input);
      });

      it('names only the people the reader may read: always themselves', async () => {
        const [move, decide] = await history('ann');
        expect(move!.byUser).toBe(ids.ann);
        expect(decide!.byUser).toBeNull();
        expect((await history('rita')).map((e) => e.byUser)).toEqual([null, ids.rita]);
        expect((await history('ada')).map((e) => e.byUser)).toEqual([ids.ann, ids.rita]);
      });

      it('hides the states and every input from a reader of the title alone', async () => {
        for (const entry of await history('otto'))
          expect(entry).toMatchObject({ fromState: null, toState: null, input: {}, byUser: null });
      });
    });

    describe('a reference to a record the caller may not read', () => {
      const refusal = async (who: string, method: Method, url: string, body: Body) => {
        const response = await send(who, method, url, body);
        expect(response.statusCode, response.body).toBe(422);
        return response.json<Body>();
      };

      it('is refused on create exactly as one to a record that does not exist', async () => {
        const hidden = await refusal('bob', 'POST', '/api/cases', {
          title: 'Mine',
          folder: ids.annFolder!,
        });
        const missing = await refusal('bob', 'POST', '/api/cases', {
          title: 'Mine',
          folder: NOWHERE,
        });
        expect(hidden).toEqual(missing);
        expect(hidden.errors).toEqual([expect.objectContaining({ field: 'folder' })]);
      });

      it('is refused on update and by a Sets taking it from the input, likewise', async () => {
        const id = await made('bob', '/api/cases', { title: 'Mine', folder: ids.bobFolder! });
        const url = `/api/cases/${id}`;
        const update = async (folder: string) => refusal('bob', 'PATCH', url, { folder });
        expect(await update(ids.annFolder!)).toEqual(await update(NOWHERE));
        const move = async (folder: string) => refusal('bob', 'POST', `${url}/move`, { folder });
        expect(await move(ids.annFolder!)).toEqual(await move(NOWHERE));
        const stored = ok(await send('bob', 'GET', url));
        expect(stored).toMatchObject({ folder: ids.bobFolder, version: 1 });
        ok(await send('bob', 'POST', `${url}/move`, { folder: ids.bobFolder! }));
      });
    });

    describe('a filter on the caller’s own account', () => {
      const list = async (who: string, filter: string) =>
        send(who, 'GET', `/api/cases?filter=${encodeURIComponent(filter)}`);

      it('reads only the fields of it they may read, refusing others as unknown', async () => {
        const hidden = await list('ann', 'user.clearance.startsWith("t")');
        const unknown = await list('ann', 'user.clearanse.startsWith("t")');
        expect(hidden.statusCode, hidden.body).toBe(400);
        expect(hidden.json<Body>().detail).toBe(
          unknown.json<Body>().detail!.toString().replaceAll('clearanse', 'clearance'),
        );
        expect((await list('rita', 'has(user.clearance)')).statusCode).toBe(400);
        ok(await list('ann', 'user.name == "ann" && record.owner == user.id'));
        // The admin may read every account, their own included.
        ok(await list('ada', 'user.clearance.startsWith("t")'));
      });
    });

    describe('a refused delete', () => {
      it('counts only the records still referring that the caller may read', async () => {
        const folder = await made('ann', '/api/folders', { name: 'Shared by mistake' });
        await made('ann', '/api/cases', { title: 'Ann’s own', folder });
        await made('ada', '/api/cases', { title: 'The admin’s', folder });
        const refused = await send('ann', 'DELETE', `/api/folders/${folder}`);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json<Body>()).toMatchObject({
          code: 'IN_USE',
          detail: 'Still referred to by 1 case (folder), other records.',
        });
        const forAdmin = await send('ada', 'DELETE', `/api/folders/${folder}`);
        expect(forAdmin.json<Body>().detail).toBe('Still referred to by 2 cases (folder).');
      });
    });
  });
}
