import { expect, it } from 'vitest';
import { addAccount, setAccountRoles } from '../../src/app/manage-accounts.js';
import { AppError } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { freshEmail, sessionCookie, TEST_COST, useAccountsServer } from './support/accounts-app.js';
import { MODELS } from './support/models.js';

const PASSWORD = 'correct horse battery';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'accounts made by the owner', (databases) => {
    // Sign-up is closed in the stockroom: the owner makes every account.
    const server = useAccountsServer(databases, MODELS.stockroom);
    const add = (email: string, roles: string[], password = PASSWORD) =>
      addAccount(server().model, server().store, { email, roles, password }, TEST_COST);

    it('adds an account that signs in with its roles', async () => {
      const email = freshEmail('Manager');
      const user = await add(email, ['manager', 'buyer']);
      expect(user).toEqual({ id: expect.any(String), email: email.toLowerCase() });
      const signIn = await server().send('POST', '/api/sign-in', {
        body: { email, password: PASSWORD },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect(signIn.json()).toMatchObject({
        email: email.toLowerCase(),
        name: email.split('@')[0]!.toLowerCase(),
      });
      expect([...signIn.json().roles].sort()).toEqual(['buyer', 'manager']);
    });

    it('refuses unknown and built-in roles, naming the declared ones', async () => {
      const unknown = await refusal(add(freshEmail(), ['manger']));
      expect(unknown.detail).toContain('`manager`');
      expect(unknown.detail).toContain('clerk, buyer, manager, admin');
      for (const role of ['anyone', 'signed-in']) {
        expect((await refusal(add(freshEmail(), [role]))).detail).toContain('built in');
      }
      expect((await refusal(add(freshEmail(), []))).detail).toContain('at least one role');
    });

    it('refuses a taken email, a bad email and a short password', async () => {
      const email = freshEmail();
      await add(email, ['clerk']);
      const taken = await refusal(add(email.toUpperCase(), ['clerk']));
      expect(taken.detail).toContain('already exists');
      const bad = await refusal(add('not an email', ['clerk']));
      expect(bad.code).toBe('VALIDATION_FAILED');
      expect(bad.errors).toEqual([expect.objectContaining({ field: 'email' })]);
      const short = await refusal(add(freshEmail(), ['clerk'], 'short'));
      expect(short.errors).toEqual([expect.objectContaining({ field: 'password' })]);
    });

    it('sets roles, which the next request already sees', async () => {
      const email = freshEmail();
      await add(email, ['clerk']);
      const signIn = await server().send('POST', '/api/sign-in', {
        body: { email, password: PASSWORD },
      });
      const session = sessionCookie(signIn)!.value;
      await setAccountRoles(server().model, server().store, email, ['admin']);
      const me = await server().send('GET', '/api/me', { session });
      expect(me.json().roles).toEqual(['admin']);
      const missing = await refusal(
        setAccountRoles(server().model, server().store, freshEmail(), ['admin']),
      );
      expect(missing.code).toBe('NOT_FOUND');
      const wrong = await refusal(setAccountRoles(server().model, server().store, email, ['boss']));
      expect(wrong.detail).toContain('Unknown role');
    });
  });
}
