import { describe, expect, it } from 'vitest';
import { CREDENTIALS_TABLE } from '../../src/accounts/account-tables.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import {
  freshEmail,
  serveAccounts,
  sessionCookie,
  useAccountsServer,
  type AccountsServer,
} from './support/accounts-app.js';
import { MODELS } from './support/models.js';

const PASSWORD = 'correct horse battery';

async function count(server: AccountsServer, table: string): Promise<number> {
  const row = await server.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const signUp = (server: AccountsServer, body: Record<string, unknown>, url = '/api/sign-up') =>
  server.send('POST', url, { body });

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'sign-up', (databases) => {
    describe('helpdesk: the default role', () => {
      const server = useAccountsServer(databases, MODELS.helpdesk);

      it('refuses an email that is not one, naming the field', async () => {
        const response = await signUp(server(), { email: 'nope', password: PASSWORD, name: 'A' });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
        expect(response.json().errors).toEqual([expect.objectContaining({ field: 'email' })]);
      });

      it('refuses an email that already has an account, and keeps no second hash', async () => {
        const email = freshEmail();
        expect((await signUp(server(), { email, password: PASSWORD, name: 'A' })).statusCode).toBe(
          201,
        );
        const before = await count(server(), CREDENTIALS_TABLE);
        const other = 'another password entirely';
        const again = await signUp(server(), { email, password: other, name: 'B' });
        expect(again.statusCode).toBe(409);
        expect(again.json().errors).toEqual([
          expect.objectContaining({ field: 'email', code: 'ALREADY_TAKEN' }),
        ]);
        expect(await count(server(), CREDENTIALS_TABLE)).toBe(before);
        const signIn = await server().send('POST', '/api/sign-in', {
          body: { email, password: other },
        });
        expect(signIn.statusCode).toBe(401);
      });

      it('refuses passwords under 15 or over 200 characters on the password field', async () => {
        for (const password of ['short but mine', 'x'.repeat(201), 42]) {
          const response = await signUp(server(), { email: freshEmail(), password, name: 'A' });
          expect(response.statusCode).toBe(422);
          expect(response.json().errors).toEqual([
            expect.objectContaining({ field: 'password', code: 'VALIDATION_FAILED' }),
          ]);
        }
        const longest = await signUp(server(), {
          email: freshEmail(),
          password: 'Zoë walks '.repeat(20),
          name: 'A',
        });
        expect(longest.statusCode).toBe(201);
      });

      it('refuses a missing name without creating anything', async () => {
        const users = await count(server(), 'users');
        const hashes = await count(server(), CREDENTIALS_TABLE);
        const response = await signUp(server(), { email: freshEmail(), password: PASSWORD });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual([expect.objectContaining({ field: 'name' })]);
        expect(sessionCookie(response)).toBeUndefined();
        expect(await count(server(), 'users')).toBe(users);
        expect(await count(server(), CREDENTIALS_TABLE)).toBe(hashes);
      });

      it('refuses roles and fields sign-up does not take: no mass assignment', async () => {
        for (const extra of [{ roles: ['admin'] }, { id: 'x' }, { createdBy: 'x' }]) {
          const response = await signUp(server(), {
            email: freshEmail(),
            password: PASSWORD,
            name: 'Eve',
            ...extra,
          });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
          expect(response.json().detail).toContain(Object.keys(extra)[0]);
        }
      });

      it('refuses a body that is not an object', async () => {
        const response = await server().send('POST', '/api/sign-up', { body: [1, 2] });
        expect(response.statusCode).toBe(400);
      });
    });

    describe('workshops: roles to choose', () => {
      const server = useAccountsServer(databases, MODELS.workshops);

      it('gives the default role plus the chosen ones, and the User’s own fields', async () => {
        const response = await signUp(server(), {
          email: freshEmail(),
          password: PASSWORD,
          name: 'Olu',
          roles: ['organizer'],
          bio: 'Runs pottery classes',
        });
        expect(response.statusCode, response.body).toBe(201);
        expect([...response.json().roles].sort()).toEqual(['attendee', 'organizer']);
        const plain = await signUp(server(), {
          email: freshEmail(),
          password: PASSWORD,
          name: 'B',
        });
        expect(plain.json().roles).toEqual(['attendee']);
      });

      it('refuses a role that is not open to sign-up', async () => {
        const response = await signUp(server(), {
          email: freshEmail(),
          password: PASSWORD,
          name: 'Mallory',
          roles: ['admin'],
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().detail).toContain('admin');
        expect(response.json().detail).toContain('organizer');
      });
    });

    describe('library: declared calls and envelopes', () => {
      const server = useAccountsServer(databases, MODELS.library);

      it('signs up, in, reads itself and out at the declared paths', async () => {
        const email = freshEmail();
        const up = await signUp(
          server(),
          { name: 'Mo', email, password: PASSWORD, phone: '+44 20 7946 0000' },
          '/api/members',
        );
        expect(up.statusCode, up.body).toBe(201);
        expect(up.json()).toEqual({
          member: expect.objectContaining({ email, roles: ['member'] }),
        });
        const cardNumber = await signUp(
          server(),
          { name: 'Mo', email: freshEmail(), password: PASSWORD, cardNumber: 'LIB-000001' },
          '/api/members',
        );
        expect(cardNumber.statusCode).toBe(400);
        const signIn = await server().send('POST', '/api/session', {
          body: { email, password: PASSWORD },
        });
        expect(signIn.statusCode).toBe(200);
        expect(signIn.json()).toEqual({ member: expect.objectContaining({ email }) });
        const session = sessionCookie(signIn)!.value;
        const me = await server().send('GET', '/api/session', { session });
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({ email, phone: '+44 20 7946 0000' });
        const out = await server().send('DELETE', '/api/session', { session });
        expect(out.statusCode).toBe(204);
        expect((await server().send('GET', '/api/session', { session })).statusCode).toBe(401);
      });
    });

    describe('stockroom: no role open to sign-up', () => {
      const server = useAccountsServer(databases, MODELS.stockroom);

      it('is closed, saying who creates accounts', async () => {
        const response = await signUp(server(), {
          email: freshEmail(),
          password: PASSWORD,
          name: 'A',
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
        expect(response.json().detail).toMatch(/closed/i);
        expect(await count(server(), 'users')).toBe(0);
      });
    });

    describe('unspecified section 6: the first account', () => {
      it.each(['unspecified', 'seed'] as const)(
        'makes the first account admin and refuses the second (%s)',
        async (name) => {
          const server = await serveAccounts(await databases.open(), MODELS[name]);
          try {
            const first = await signUp(server, {
              email: freshEmail(),
              password: PASSWORD,
              name: 'A',
            });
            expect(first.statusCode, first.body).toBe(201);
            expect(first.json().roles).toEqual(['admin']);
            const second = await signUp(server, {
              email: freshEmail(),
              password: PASSWORD,
              name: 'B',
            });
            expect(second.statusCode).toBe(403);
            expect(second.json().detail).toMatch(/first account/);
            expect(await count(server, 'users')).toBe(1);
          } finally {
            await server.app.close();
            await server.store.close();
          }
        },
      );

      it('lets exactly one of two racing first sign-ups through', async () => {
        for (let round = 0; round < 3; round++) {
          const server = await serveAccounts(await databases.open(), MODELS.unspecified);
          try {
            const answers = await Promise.all(
              ['a', 'b'].map((name) =>
                signUp(server, { email: freshEmail(name), password: PASSWORD, name }),
              ),
            );
            const statuses = answers.map((a) => a.statusCode).sort();
            expect(statuses).toEqual([201, 403]);
            expect(await count(server, 'users')).toBe(1);
            expect(await count(server, CREDENTIALS_TABLE)).toBe(1);
          } finally {
            await server.app.close();
            await server.store.close();
          }
        }
      });
    });
  });
}
