import { expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { freshEmail, sessionCookie, useAccountsServer } from './support/accounts-app.js';
import { parsed } from '../support/parsed-model.js';

// Section 7 may put the account calls anywhere, outside /api too.
const CLUB = parsed(
  [
    '# Specification: Club',
    '',
    '## 6. Roles and permissions',
    '',
    '| Role | Description | Sign-up |',
    '|---|---|---|',
    '| member | Belongs to the club | default |',
    '',
    '| Role | Entity | Actions | Allowed | Fields |',
    '|---|---|---|---|---|',
    '| member | User | read | `record.id == user.id` | all |',
    '',
    '## 7. The calls it makes',
    '',
    '| Method | Path | Operation | Payload | Response |',
    '|---|---|---|---|---|',
    '| POST | /join | sign-up | `{ account: { email, password, name } }` | `{ account: User }` |',
    '| POST | /session | sign-in | `{ email, password }` | |',
    '| GET | /whoami | me | | `{ user: User }` |',
    '| DELETE | /session | sign-out | | |',
    '',
  ].join('\n'),
);

const PASSWORD = 'correct horse battery';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'account calls declared in section 7', (databases) => {
    const server = useAccountsServer(databases, CLUB);

    it('serves them at their paths, in their envelopes', async () => {
      const email = freshEmail();
      const flat = await server().send('POST', '/join', {
        body: { email, password: PASSWORD, name: 'Flo' },
      });
      expect(flat.statusCode).toBe(400);
      const joined = await server().send('POST', '/join', {
        body: { account: { email, password: PASSWORD, name: 'Flo' } },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      expect(joined.json()).toEqual({
        account: expect.objectContaining({ email, name: 'Flo', roles: ['member'] }),
      });
      const signIn = await server().send('POST', '/session', {
        body: { email, password: PASSWORD },
      });
      // No Response declared: 204, with the session cookie.
      expect(signIn.statusCode).toBe(204);
      const session = sessionCookie(signIn)!.value;
      const me = await server().send('GET', '/whoami', { session });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ user: expect.objectContaining({ email }) });
      expect((await server().send('GET', '/whoami')).statusCode).toBe(401);
      const forged = await server().send('DELETE', '/session', {
        session,
        headers: { origin: 'https://evil.example' },
      });
      expect(forged.statusCode).toBe(403);
      const out = await server().send('DELETE', '/session', { session });
      expect(out.statusCode).toBe(204);
      expect((await server().send('GET', '/whoami', { session })).statusCode).toBe(401);
    });

    it('does not serve the default account calls', async () => {
      const response = await server().send('POST', '/api/sign-in', {
        body: { email: 'a@example.com', password: PASSWORD },
      });
      expect(response.statusCode).toBe(404);
    });
  });
}
