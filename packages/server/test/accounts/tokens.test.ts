import { expect, it } from 'vitest';
import { SESSIONS_TABLE } from '../../src/accounts/account-tables.js';
import { tokenHash } from '../../src/accounts/session-token.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { freshEmail } from './support/accounts-app.js';
import {
  PASSWORD,
  signUpWriter,
  TOKENS_MODEL,
  useTokenServer,
  type Account,
} from './support/token-app.js';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'token authentication', (databases) => {
    const server = useTokenServer(databases, TOKENS_MODEL);

    it('signs up without a name, answering 201 and a token', async () => {
      const email = freshEmail('plain');
      const response = await server.send('POST', '/api/users', {
        body: { user: { username: `plain-${process.pid}`, email, password: PASSWORD } },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { user } = response.json() as { user: Record<string, unknown> };
      expect(Object.keys(user)).toEqual(['email', 'token', 'username', 'bio']);
      expect(user).toMatchObject({ email, username: `plain-${process.pid}` });
      expect(user.token).toMatch(TOKEN_SHAPE);
    });

    it('takes the token from the Authorization header, again and again, and after a restart', async () => {
      const { token, email } = await signUpWriter(server);
      for (let i = 0; i < 3; i++) {
        const me = await server.send('GET', '/api/user', { token });
        expect(me.statusCode, me.body).toBe(200);
        expect(me.json()).toMatchObject({ user: { email, token } });
      }
      await server.restart();
      const after = await server.send('GET', '/api/user', { token });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ user: { email, token } });
    });

    it('answers who is signed in at /api/_session, with the id and roles the declared me leaves out', async () => {
      const { token, email, username } = await signUpWriter(server);
      const session = await server.send('GET', '/api/_session', { token });
      expect(session.statusCode, session.body).toBe(200);
      expect(session.headers['cache-control']).toBe('no-store');
      const user = session.json() as Record<string, unknown>;
      expect(user).toMatchObject({ email, username, roles: ['writer'] });
      expect(user.id).toEqual(expect.any(String));
      expect(user).not.toHaveProperty('token');
      const nobody = await server.send('GET', '/api/_session');
      expect(nobody.statusCode).toBe(401);
      expect(nobody.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('answers 401 for a wrong, malformed or wrongly schemed token, never anonymous', async () => {
      const { token } = await signUpWriter(server);
      const other = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      for (const request of [
        { token: other },
        { token: 'not-a-token' },
        { token, scheme: 'Bearer' },
        { headers: { authorization: token } },
      ]) {
        const me = await server.send('GET', '/api/user', request);
        expect(me.statusCode).toBe(401);
        expect(me.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
        // Even where anybody may read: a token sent is a token checked.
        const read = await server.send('GET', '/api/notes/unknown', request);
        expect(read.statusCode).toBe(401);
      }
      expect((await server.send('GET', '/api/user')).statusCode).toBe(401);
    });

    it('lets a token write from another origin: there is no cookie to ride on', async () => {
      const { token, username } = await signUpWriter(server);
      const foreign = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
      const created = await server.send('POST', '/api/notes', {
        token,
        body: { note: { title: 'From afar' } },
        headers: foreign,
      });
      expect(created.statusCode, created.body).toBe(201);
      const signIn = await server.send('POST', '/api/users/login', {
        body: { user: { email: `${username}@nowhere.example`, password: PASSWORD } },
        headers: foreign,
      });
      // A sign-in from another site is heard (and refused here for its credentials) ...
      expect(signIn.statusCode).toBe(401);
    });

    it('signs in from another site with a token and no cookie', async () => {
      const { email } = await signUpWriter(server);
      const response = await server.send('POST', '/api/users/login', {
        body: { user: { email, password: PASSWORD } },
        headers: { origin: 'https://front.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.cookies).toEqual([]);
      const { token } = (response.json() as { user: Account }).user;
      expect((await server.send('GET', '/api/user', { token })).statusCode).toBe(200);
    });

    it('still refuses a cross-site write carried by the cookie', async () => {
      const { email } = await signUpWriter(server);
      const signIn = await server.send('POST', '/api/users/login', {
        body: { user: { email, password: PASSWORD } },
      });
      const cookie = signIn.cookies.find((c) => c.name === 'specrun_session')!;
      const session = `specrun_session=${cookie.value}`;
      const mine = await server.send('GET', '/api/user', { headers: { cookie: session } });
      // A cookie session's token stays in its httpOnly cookie.
      expect(mine.json()).toMatchObject({ user: { email, token: null } });
      const forged = await server.send('POST', '/api/notes', {
        body: { note: { title: 'Forged' } },
        headers: { cookie: session, origin: 'https://elsewhere.example' },
      });
      expect(forged.statusCode).toBe(403);
    });

    it('answers 401 for an expired token', async () => {
      const { token } = await signUpWriter(server);
      await server
        .store()
        .db.updateTable(SESSIONS_TABLE)
        .set({ expiresAt: Date.now() - 1 })
        .where('tokenHash', '=', tokenHash(token))
        .execute();
      const me = await server.send('GET', '/api/user', { token });
      expect(me.statusCode).toBe(401);
    });

    it('revokes the presented token on sign-out', async () => {
      const { token } = await signUpWriter(server);
      const out = await server.send('DELETE', '/api/user/token', { token });
      expect(out.statusCode).toBe(204);
      expect((await server.send('GET', '/api/user', { token })).statusCode).toBe(401);
    });

    it('answers SIGN_IN_FAILED (401) for a wrong password', async () => {
      const { email } = await signUpWriter(server);
      const response = await server.send('POST', '/api/users/login', {
        body: { user: { email, password: 'not the password at all' } },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'SIGN_IN_FAILED' });
    });

    it('ignores a stale token on sign-in', async () => {
      const { email } = await signUpWriter(server);
      const response = await server.send('POST', '/api/users/login', {
        token: 'stale',
        body: { user: { email, password: PASSWORD } },
      });
      expect(response.statusCode).toBe(200);
    });

    it('asks for a signed-in caller before looking anything up', async () => {
      const { token } = await signUpWriter(server);
      const created = await server.send('POST', '/api/notes', {
        token,
        body: { note: { title: 'Soon gone' } },
      });
      const id = (created.json() as { note: { id: string } }).note.id;
      expect((await server.send('DELETE', `/api/notes/${id}`, { token })).statusCode).toBe(204);
      const anonymous = await server.send('DELETE', `/api/notes/${id}`);
      expect(anonymous.statusCode).toBe(401);
      expect((await server.send('DELETE', `/api/notes/${id}`, { token })).statusCode).toBe(404);
      // Anybody may read notes: there the record decides.
      expect((await server.send('GET', `/api/notes/${id}`)).statusCode).toBe(404);
    });
  });
}
