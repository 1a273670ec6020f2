import { expect, it } from 'vitest';
import { caselessEmailIndex } from '../../src/accounts/account-emails.js';
import { addAccount, setAccountRoles } from '../../src/app/manage-accounts.js';
import { AppError, createServer, migrate, type Store } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { freshEmail, serveAccounts, TEST_COST } from './support/accounts-app.js';
import { MODELS } from './support/models.js';

const PASSWORD = 'correct horse battery';
const model = MODELS.helpdesk;

/** Makes accounts, then stores their emails as an older specrun did: as typed, no caseless index. */
async function olderAccounts(store: Store, typed: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const i of typed.keys()) {
    const account = { email: `made${i}.${freshEmail()}`, roles: ['customer'], password: PASSWORD };
    ids.push((await addAccount(model, store, account, TEST_COST)).id);
  }
  await store.db.schema.dropIndex(caselessEmailIndex('users')).ifExists().execute();
  for (const [i, email] of typed.entries())
    await store.db.updateTable('users').set({ email }).where('id', '=', ids[i]!).execute();
  return ids;
}

const emailOf = async (store: Store, id: string) =>
  String(
    (
      await store.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).email,
  );

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'account emails', (databases) => {
    it('brings emails stored as typed to their account form, and the database then refuses case variants', async () => {
      const store = await databases.open();
      await migrate(store, model);
      const typed = `Old.Timer.${freshEmail()}`.replace('example.com', 'Example.COM');
      const [id, other] = await olderAccounts(store, [typed, freshEmail('other')]);
      const server = await serveAccounts(store, model);
      try {
        expect(await emailOf(store, id!)).toBe(typed.toLowerCase());
        const signIn = await server.send('POST', '/api/sign-in', {
          body: { email: typed, password: PASSWORD },
        });
        expect(signIn.statusCode, signIn.body).toBe(200);
        // Whatever writes to the table, the database itself keeps one account per address.
        const clash = store.db
          .updateTable('users')
          .set({ email: typed.toUpperCase() })
          .where('id', '=', other!)
          .execute();
        await expect(clash).rejects.toThrow();
        await setAccountRoles(model, store, typed.toUpperCase(), ['agent']);
      } finally {
        await server.app.close();
        await store.close();
      }
    });

    it('refuses to start when two accounts differ only in case, naming them, and changes nothing', async () => {
      const store = await databases.open();
      await migrate(store, model);
      const email = freshEmail('twin');
      const [first, second] = await olderAccounts(store, [email, email.toUpperCase()]);
      try {
        const error = await serveAccounts(store, model).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('CONFLICT');
        expect((error as AppError).detail).toContain(email);
        expect((error as AppError).detail).toContain(email.toUpperCase());
        expect((error as AppError).detail).toContain(second!);
        expect(await emailOf(store, first!)).toBe(email);
        expect(await emailOf(store, second!)).toBe(email.toUpperCase());
      } finally {
        await store.close();
      }
    });

    it('keeps an administrator from making a case variant of an account', async () => {
      const store = await databases.open();
      await migrate(store, model);
      const admin = freshEmail('admin');
      await addAccount(
        model,
        store,
        { email: admin, roles: ['admin'], password: PASSWORD },
        TEST_COST,
      );
      const app = await createServer({ model, store, passwordCost: TEST_COST });
      try {
        const signIn = await app.inject({
          method: 'POST',
          url: '/api/sign-in',
          payload: { email: admin, password: PASSWORD },
        });
        const cookie = `specrun_session=${signIn.cookies.find((c) => c.name === 'specrun_session')!.value}`;
        const create = (email: string) =>
          app.inject({
            method: 'POST',
            url: '/api/users',
            headers: { cookie },
            payload: { email, name: 'Case', roles: ['customer'], password: PASSWORD },
          });
        const email = `Case.${freshEmail()}`;
        const made = await create(email);
        expect(made.statusCode, made.body).toBe(201);
        expect(made.json().email).toBe(email.toLowerCase());
        for (const variant of [email.toUpperCase(), `caSe.${email.slice(5)}`]) {
          const again = await create(variant);
          // A unique clash alone: 409 ALREADY_TAKEN (docs/decisions.md, issue 22).
          expect(again.statusCode, variant).toBe(409);
          expect(again.json().errors).toEqual([
            expect.objectContaining({ field: 'email', code: 'ALREADY_TAKEN' }),
          ]);
        }
      } finally {
        await app.close();
        await store.close();
      }
    });
  });
}
