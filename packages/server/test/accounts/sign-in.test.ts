import { engineLimits } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FACTOR, ADDRESS_FACTOR } from '../../src/accounts/rate-limit.js';
import { CREDENTIALS_TABLE } from '../../src/accounts/account-tables.js';
import { PASSWORD_COST } from '../../src/accounts/password-hash.js';
import { allowAllPolicy } from '../support/allow-all-policy.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import {
  freshEmail,
  serveAccounts,
  sessionCookie,
  TEST_COST,
  useAccountsServer,
  type AccountsServer,
} from './support/accounts-app.js';
import { MODELS } from './support/models.js';

const PASSWORD = 'correct horse battery';
const LIMIT = engineLimits(MODELS.helpdesk).signInAttemptsPerMinute;

let address = 0;
/** A client address no other test uses, so that limits do not leak between tests. */
const freshAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

async function account(server: AccountsServer, email = freshEmail()) {
  const response = await server.send('POST', '/api/sign-up', {
    body: { email, password: PASSWORD, name: 'Lin' },
    remoteAddress: freshAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { email, id: response.json().id as string };
}

const signIn = (server: AccountsServer, email: string, password: string, from = freshAddress()) =>
  server.send('POST', '/api/sign-in', { body: { email, password }, remoteAddress: from });

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'sign-in', (databases) => {
    const server = useAccountsServer(databases, MODELS.helpdesk);

    it('answers an unknown email and a wrong password alike', async () => {
      const { email } = await account(server());
      const wrong = await signIn(server(), email, 'not the password');
      const unknown = await signIn(server(), freshEmail(), 'not the password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json()).toMatchObject({ code: 'SIGN_IN_FAILED' });
      expect(sessionCookie(wrong)).toBeUndefined();
    });

    it('never opens an account that has no password', async () => {
      const email = freshEmail();
      const policy = allowAllPolicy(server().model);
      await server().ops.User!.createRecord(
        { actor: null, now: new Date(), policy },
        { email, name: 'No Password', roles: ['agent'] },
      );
      const response = await signIn(server(), email, PASSWORD);
      expect(response.statusCode).toBe(401);
      const unknown = await signIn(server(), freshEmail(), PASSWORD);
      expect(response.json()).toEqual(unknown.json());
    });

    it('asks for the fields it needs, every one at once', async () => {
      const response = await server().send('POST', '/api/sign-in', { body: {} });
      expect(response.statusCode).toBe(422);
      const fields = (response.json().errors as { field: string }[]).map((e) => e.field);
      expect(fields).toEqual(['email', 'password']);
      const extra = await server().send('POST', '/api/sign-in', {
        body: { email: 'a@b.c', password: 'x', remember: true },
      });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().detail).toContain('remember');
    });

    it('limits attempts from one address on one account, and not the owner elsewhere', async () => {
      const { email } = await account(server());
      const from = freshAddress();
      for (let i = 0; i < LIMIT; i++) {
        expect((await signIn(server(), email, `wrong ${i}`, from)).statusCode).toBe(401);
      }
      const limited = await signIn(server(), email, PASSWORD, from);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      const wait = Number(limited.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(sessionCookie(limited)).toBeUndefined();
      // The owner, from their own address, is not locked out by a stranger's guesses.
      expect((await signIn(server(), email, PASSWORD)).statusCode).toBe(200);
    });

    it('limits attempts per address across accounts, at a few times the limit', async () => {
      const from = freshAddress();
      for (let i = 0; i < ADDRESS_FACTOR * LIMIT; i++) {
        expect((await signIn(server(), freshEmail(), PASSWORD, from)).statusCode).toBe(401);
      }
      const { email } = await account(server());
      expect((await signIn(server(), email, PASSWORD, from)).statusCode).toBe(429);
      expect((await signIn(server(), email, PASSWORD)).statusCode).toBe(200);
    });

    it('limits attempts on one account from everywhere only at many times the limit', async () => {
      const { email } = await account(server());
      // Each address stays under its own limit: only the account-wide count fills.
      for (let i = 0; i < ACCOUNT_FACTOR * LIMIT; i++) {
        const from = `10.200.${Math.floor(i / (LIMIT - 1))}.1`;
        expect((await signIn(server(), email, `wrong ${i}`, from)).statusCode).toBe(401);
      }
      expect((await signIn(server(), email, PASSWORD)).statusCode).toBe(429);
    });

    it('opens again once the minute has passed', async () => {
      const { email } = await account(server());
      const from = freshAddress();
      for (let i = 0; i < LIMIT; i++) await signIn(server(), email, `wrong ${i}`, from);
      expect((await signIn(server(), email, PASSWORD, from)).statusCode).toBe(429);
      const { vi } = await import('vitest');
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 61_000);
        expect((await signIn(server(), email, PASSWORD, from)).statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it('shares the count between servers on one database', async () => {
      const { email } = await account(server());
      const second = await serveAccounts(server().store, server().model);
      const from = freshAddress();
      try {
        for (let i = 0; i < LIMIT; i++) {
          const via = i % 2 === 0 ? server() : second;
          expect((await signIn(via, email, `wrong ${i}`, from)).statusCode).toBe(401);
        }
        expect((await signIn(second, email, PASSWORD, from)).statusCode).toBe(429);
        expect((await signIn(server(), email, PASSWORD, from)).statusCode).toBe(429);
      } finally {
        await second.app.close();
      }
    });

    it('finds the account whatever the case or Unicode form the email is typed in', async () => {
      const email = `Zoë.${freshEmail()}`;
      const { id } = await account(server(), email);
      const stored = await server()
        .store.db.selectFrom('users')
        .select('email')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored.email).toBe(email.toLowerCase().normalize('NFC'));
      const decomposed = ` ${email.toUpperCase().normalize('NFD')} `;
      const response = await signIn(server(), decomposed, PASSWORD);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().id).toBe(id);
    });

    it('follows an email change', async () => {
      const { email, id } = await account(server());
      const renamed = freshEmail('renamed');
      await server()
        .store.db.updateTable('users')
        .set({ email: renamed })
        .where('id', '=', id)
        .execute();
      expect((await signIn(server(), email, PASSWORD)).statusCode).toBe(401);
      expect((await signIn(server(), renamed, PASSWORD)).statusCode).toBe(200);
    });

    it('re-hashes a password made with another cost at the next sign-in', async () => {
      const { email } = await account(server());
      const hashOf = async () => {
        const row = await server()
          .store.db.selectFrom(CREDENTIALS_TABLE)
          .select('passwordHash')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        return String(row.passwordHash);
      };
      const { logN, r, p } = TEST_COST;
      expect(await hashOf()).toMatch(new RegExp(`^scrypt\\$${logN}\\$${r}\\$${p}\\$`));
      const stronger = { ...TEST_COST, logN: TEST_COST.logN + 1 };
      const upgraded = await serveAccounts(server().store, server().model, { cost: stronger });
      try {
        expect((await signIn(upgraded, email, PASSWORD)).statusCode).toBe(200);
        expect(await hashOf()).toMatch(new RegExp(`^scrypt\\$${stronger.logN}\\$`));
        expect((await signIn(upgraded, email, PASSWORD)).statusCode).toBe(200);
        expect((await signIn(upgraded, email, 'wrong password')).statusCode).toBe(401);
      } finally {
        await upgraded.app.close();
      }
    });
  });
}

describeDialect('sqlite', 'sign-in timing', (databases) => {
  it('takes about as long for an unknown email as for a wrong password', async () => {
    const server = await serveAccounts(await databases.open(), MODELS.helpdesk, {
      cost: PASSWORD_COST,
    });
    try {
      await account(server);
      const email = (await account(server)).email;
      const time = async (who: string) => {
        const start = process.hrtime.bigint();
        const response = await signIn(server, who, 'not the password');
        expect(response.statusCode).toBe(401);
        return Number(process.hrtime.bigint() - start) / 1e6;
      };
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        wrong.push(await time(email));
        unknown.push(await time(freshEmail()));
      }
      // A real hash takes tens of milliseconds; skipping it would make unknown emails near-instant.
      expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
      expect(median(unknown)).toBeGreaterThan(20);
    } finally {
      await server.app.close();
      await server.store.close();
    }
  }, 30_000);
});

describe('sign-in limit constant', () => {
  it('is the engine default unless the spec sets it', () => {
    expect(LIMIT).toBe(10);
  });
});
