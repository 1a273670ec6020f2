import { describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/accounts/session-token.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { freshEmail, sessionCookie, useAccountsServer } from './support/accounts-app.js';
import { MODELS } from './support/models.js';

const PASSWORD = 'correct horse battery';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'sessions', (databases) => {
    const server = useAccountsServer(databases, MODELS.helpdesk);

    async function signUp(email = freshEmail(), password = PASSWORD) {
      const response = await server().send('POST', '/api/sign-up', {
        body: { email, password, name: 'Ada Lovelace' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return { email, password, token: sessionCookie(response)!.value, user: response.json() };
    }

    const me = (session?: string) => server().send('GET', '/api/me', session ? { session } : {});

    it('signs up as a customer, signed in with a session cookie', async () => {
      const email = freshEmail();
      const response = await server().send('POST', '/api/sign-up', {
        body: { email, password: PASSWORD, name: 'Ada Lovelace' },
      });
      expect(response.statusCode).toBe(201);
      const user = response.json();
      expect(user).toMatchObject({ email, name: 'Ada Lovelace', roles: ['customer'] });
      expect(user).not.toHaveProperty('password');
      expect(JSON.stringify(user)).not.toContain(PASSWORD);
      const cookie = sessionCookie(response)!;
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 14 * 86400,
      });
      expect(cookie.secure).toBeFalsy();
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const mine = await me(cookie.value);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ id: user.id, email, roles: ['customer'] });
    });

    it('answers /api/me with UNAUTHENTICATED when nobody is signed in', async () => {
      const response = await me();
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    });

    it('keeps only a hash of the token in the database', async () => {
      const { token } = await signUp();
      const rows = await server()
        .store.db.selectFrom('_specrun_sessions')
        .select(['tokenHash', 'userId'])
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows.map((r) => r.tokenHash)).toContain(tokenHash(token));
    });

    it('signs in with a new session and ends the one it came with', async () => {
      const { email, token: first } = await signUp();
      const response = await server().send('POST', '/api/sign-in', {
        body: { email, password: PASSWORD },
        session: first,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ email, roles: ['customer'] });
      const second = sessionCookie(response)!.value;
      expect(second).not.toBe(first);
      expect((await me(second)).statusCode).toBe(200);
      expect((await me(first)).statusCode).toBe(401);
    });

    it('signs in whatever the case of the email typed', async () => {
      const { email } = await signUp(freshEmail('Grace'));
      expect(email).not.toBe(email.toLowerCase());
      const response = await server().send('POST', '/api/sign-in', {
        body: { email: email.toUpperCase(), password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().email).toBe(email.toLowerCase());
    });

    it('refuses query parameters and, on sign-out and me, a body, leaving the session as it was', async () => {
      const { email, token } = await signUp();
      const tries = [
        server().send('POST', '/api/sign-in?next=1', { body: { email, password: PASSWORD } }),
        server().send('POST', '/api/sign-out?all=1', { session: token }),
        server().send('POST', '/api/sign-out', { session: token, body: { all: true } }),
        server().send('GET', '/api/me', {
          session: token,
          body: '0',
          headers: { 'content-type': 'application/json' },
        }),
      ];
      for (const answer of await Promise.all(tries)) {
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json().code).toBe('BAD_REQUEST');
      }
      expect((await me(token)).statusCode).toBe(200);
    });

    it('signs out: 204, the cookie cleared, the old cookie worth nothing', async () => {
      const { token } = await signUp();
      const response = await server().send('POST', '/api/sign-out', { session: token });
      expect(response.statusCode).toBe(204);
      const cleared = sessionCookie(response)!;
      expect(cleared.value).toBe('');
      expect(cleared.maxAge === 0 || (cleared.expires ?? new Date()).getTime() < Date.now()).toBe(
        true,
      );
      const after = await me(token);
      expect(after.statusCode).toBe(401);
      expect(sessionCookie(after)?.value).toBe('');
    });

    it('changes the password, ending every session and giving the caller a new one', async () => {
      const { email, token } = await signUp();
      const other = await server().send('POST', '/api/sign-in', {
        body: { email, password: PASSWORD },
      });
      const otherDevice = sessionCookie(other)!.value;
      const newPassword = 'a much better password';
      const response = await server().send('POST', '/api/me/password', {
        session: token,
        body: { currentPassword: PASSWORD, newPassword },
      });
      expect(response.statusCode, response.body).toBe(204);
      const fresh = sessionCookie(response)!.value;
      expect((await me(fresh)).statusCode).toBe(200);
      expect((await me(token)).statusCode).toBe(401);
      expect((await me(otherDevice)).statusCode).toBe(401);
      const old = await server().send('POST', '/api/sign-in', {
        body: { email, password: PASSWORD },
      });
      expect(old.statusCode).toBe(401);
      const renewed = await server().send('POST', '/api/sign-in', {
        body: { email, password: newPassword },
      });
      expect(renewed.statusCode).toBe(200);
    });

    it('refuses a password change with a wrong current password or a short new one', async () => {
      const { token } = await signUp();
      const wrong = await server().send('POST', '/api/me/password', {
        session: token,
        body: { currentPassword: 'not the password', newPassword: 'another long one' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual([
        expect.objectContaining({ field: 'currentPassword', code: 'VALIDATION_FAILED' }),
      ]);
      const short = await server().send('POST', '/api/me/password', {
        session: token,
        body: { currentPassword: PASSWORD, newPassword: 'short' },
      });
      expect(short.statusCode).toBe(422);
      expect(short.json().errors).toEqual([
        expect.objectContaining({ field: 'newPassword', code: 'VALIDATION_FAILED' }),
      ]);
      expect((await me(token)).statusCode).toBe(200);
      const anonymous = await server().send('POST', '/api/me/password', {
        body: { currentPassword: PASSWORD, newPassword: 'another long one' },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('ends a session once SESSION_TTL has passed', async () => {
      const { token } = await signUp();
      const { vi } = await import('vitest');
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 14 * 86_400_000 - 60_000);
        expect((await me(token)).statusCode).toBe(200);
        vi.setSystemTime(Date.now() + 120_000);
        const expired = await me(token);
        expect(expired.statusCode).toBe(401);
        expect(sessionCookie(expired)?.value).toBe('');
      } finally {
        vi.useRealTimers();
      }
    });

    it('treats a made-up or malformed cookie as nobody', async () => {
      const made = await me('A'.repeat(43));
      expect(made.statusCode).toBe(401);
      const malformed = await me('not a token');
      expect(malformed.statusCode).toBe(401);
      expect(sessionCookie(malformed)?.value).toBe('');
    });

    describe('deleting a user', () => {
      it('leaves no credentials or sessions behind', async () => {
        const { email, token, user } = await signUp();
        const db = server().store.db;
        await db.deleteFrom('users').where('id', '=', user.id).execute();
        const credentials = await db
          .selectFrom('_specrun_credentials')
          .selectAll()
          .where('email', '=', email)
          .execute();
        const sessions = await db
          .selectFrom('_specrun_sessions')
          .selectAll()
          .where('userId', '=', user.id)
          .execute();
        expect(credentials).toEqual([]);
        expect(sessions).toEqual([]);
        expect((await me(token)).statusCode).toBe(401);
      });
    });
  });
}
