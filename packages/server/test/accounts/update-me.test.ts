import { expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { freshEmail } from './support/accounts-app.js';
import { parsed } from '../support/parsed-model.js';
import {
  PASSWORD,
  signUpWriter,
  TOKENS_MODEL,
  TOKENS_SPEC,
  useTokenServer,
} from './support/token-app.js';

// `update me` (PUT /api/user): section 6 decides the fields, plus email and password.

const put = (user: Record<string, unknown>) => ({ body: { user } });
// Long, unrelated characters, so that the guessable-password check has nothing to say.
const EIGHT = 'Qv7#mZ2k';
const SIXTY_FOUR = 'Rk4!pW9zLm2@Xc7#Tq5$Vb8%Nd3^Hf6&Jg1*Ks0(Ly4)Mu7-Oi2=Pe5+Ra9?Sw3';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'update me', (databases) => {
    const server = useTokenServer(databases, TOKENS_MODEL);

    it('changes the fields section 6 allows and answers the same token', async () => {
      const { token, username } = await signUpWriter(server);
      const response = await server.send('PUT', '/api/user', { token, ...put({ bio: 'Hello' }) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ user: { bio: 'Hello', username, token } });
      const me = await server.send('GET', '/api/user', { token });
      expect(me.json()).toMatchObject({ user: { bio: 'Hello' } });
    });

    it('changes the email, which then signs in', async () => {
      const { token } = await signUpWriter(server);
      const email = freshEmail('moved').toUpperCase();
      const response = await server.send('PUT', '/api/user', { token, ...put({ email }) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ user: { email: email.toLowerCase() } });
      const signIn = await server.send('POST', '/api/users/login', {
        body: { user: { email, password: PASSWORD } },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
    });

    it('refuses an email another account uses', async () => {
      const first = await signUpWriter(server);
      const { token } = await signUpWriter(server);
      const response = await server.send('PUT', '/api/user', {
        token,
        ...put({ email: first.email }),
      });
      // A clash alone is ALREADY_TAKEN (409), as at sign-up.
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'ALREADY_TAKEN',
        errors: [expect.objectContaining({ field: 'email', code: 'ALREADY_TAKEN' })],
      });
      // The other account still signs in with it.
      const signIn = await server.send('POST', '/api/users/login', {
        body: { user: { email: first.email, password: PASSWORD } },
      });
      expect(signIn.statusCode).toBe(200);
    });

    it('refuses an email or a username that is empty or null', async () => {
      const { token } = await signUpWriter(server);
      for (const user of [{ email: '' }, { email: null }, { username: '' }, { username: null }]) {
        const response = await server.send('PUT', '/api/user', { token, ...put(user) });
        expect(response.statusCode, JSON.stringify(user)).toBe(422);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    });

    it('takes a password of 8 and of 64 characters, answering a fresh token', async () => {
      const { token, email } = await signUpWriter(server);
      // Another session of the same user, which a new password ends.
      const other = await server.send('POST', '/api/users/login', {
        body: { user: { email, password: PASSWORD } },
      });
      const otherToken = (other.json() as { user: { token: string } }).user.token;
      const eight = await server.send('PUT', '/api/user', { token, ...put({ password: EIGHT }) });
      expect(eight.statusCode, eight.body).toBe(200);
      const fresh = (eight.json() as { user: { token: string } }).user.token;
      expect(fresh).not.toBe(token);
      expect((await server.send('GET', '/api/user', { token })).statusCode).toBe(401);
      expect((await server.send('GET', '/api/user', { token: otherToken })).statusCode).toBe(401);
      expect((await server.send('GET', '/api/user', { token: fresh })).statusCode).toBe(200);
      const long = await server.send('PUT', '/api/user', {
        token: fresh,
        ...put({ password: SIXTY_FOUR }),
      });
      expect(long.statusCode, long.body).toBe(200);
      const signIn = await server.send('POST', '/api/users/login', {
        body: { user: { email, password: SIXTY_FOUR } },
      });
      expect(signIn.statusCode).toBe(200);
      const old = await server.send('POST', '/api/users/login', {
        body: { user: { email, password: PASSWORD } },
      });
      expect(old.json()).toMatchObject({ code: 'SIGN_IN_FAILED' });
    });

    it('refuses a password shorter than 8 characters, empty or null, changing nothing', async () => {
      const { token, email } = await signUpWriter(server);
      for (const password of ['Qv7#mZ2', '', null]) {
        const response = await server.send('PUT', '/api/user', { token, ...put({ password }) });
        expect(response.statusCode, String(password)).toBe(422);
        expect(response.json()).toMatchObject({
          errors: [expect.objectContaining({ field: 'password' })],
        });
      }
      expect((await server.send('GET', '/api/user', { token })).statusCode).toBe(200);
      const signIn = await server.send('POST', '/api/users/login', {
        body: { user: { email, password: PASSWORD } },
      });
      expect(signIn.statusCode).toBe(200);
    });

    it('keeps the password when the rest of the update is refused', async () => {
      const { token, email } = await signUpWriter(server);
      const response = await server.send('PUT', '/api/user', {
        token,
        ...put({ password: EIGHT, username: '' }),
      });
      expect(response.statusCode).toBe(422);
      expect((await server.send('GET', '/api/user', { token })).statusCode).toBe(200);
      const signIn = await server.send('POST', '/api/users/login', {
        body: { user: { email, password: PASSWORD } },
      });
      expect(signIn.statusCode).toBe(200);
    });

    it('needs a signed-in caller', async () => {
      const response = await server.send('PUT', '/api/user', put({ bio: 'Who?' }));
      expect(response.statusCode).toBe(401);
    });
  });
}

// Section 6 without a row that lets a user update themselves: the email and the password are
// still theirs to change, the other fields not.
const NO_UPDATE_ROW = parsed(
  TOKENS_SPEC.replace(/^\| signed-in \| User +\| update .*\n/m, ''),
  'the tokens specification without a User update row',
);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'update me without a User update row', (databases) => {
    const server = useTokenServer(databases, NO_UPDATE_ROW);

    it('changes the email and the password, and nothing else', async () => {
      const { token } = await signUpWriter(server);
      const email = freshEmail('own');
      const moved = await server.send('PUT', '/api/user', { token, ...put({ email }) });
      expect(moved.statusCode, moved.body).toBe(200);
      const changed = await server.send('PUT', '/api/user', { token, ...put({ password: EIGHT }) });
      expect(changed.statusCode, changed.body).toBe(200);
      const fresh = (changed.json() as { user: { token: string } }).user.token;
      const bio = await server.send('PUT', '/api/user', { token: fresh, ...put({ bio: 'Mine' }) });
      expect(bio.statusCode).toBe(400);
      const signIn = await server.send('POST', '/api/users/login', {
        body: { user: { email, password: EIGHT } },
      });
      expect(signIn.statusCode).toBe(200);
    });
  });
}
