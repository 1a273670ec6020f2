import { expect, it } from 'vitest';
import { useSignedInServer } from '../http/support/signed-in-server.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed } from '../support/parsed-model.js';
import { freshEmail } from './support/accounts-app.js';

// A declared `create User` makes an account: its payload carries the first password beside the
// fields, as the default POST /api/users does (section 6, "Managing accounts").
const GARDEN = parsed(
  [
    '# Specification: Garden',
    '',
    '## 6. Roles and permissions',
    '',
    '| Role | Description | Sign-up |',
    '|---|---|---|',
    '| gardener | Grows things | default |',
    '| admin | Runs it | no |',
    '',
    '| Role | Entity | Actions | Allowed | Fields |',
    '|---|---|---|---|---|',
    '| admin | * | * | yes | all |',
    '',
    '## 7. The calls it makes',
    '',
    '| Method | Path | Operation | Payload | Response |',
    '|---|---|---|---|---|',
    '| POST | /api/sign-in | sign-in | `{ email, password }` | User |',
    '| POST | /api/people | create User | `{ person: { email, password, name, roles } }` | `{ person: User }` |',
    '',
  ].join('\n'),
);

const PASSWORD = 'a long and unguessable pass';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'a declared create of User', (databases) => {
    const server = useSignedInServer(databases, GARDEN, { ada: ['admin'] });

    it('makes an account that signs in with the password sent, never answered back', async () => {
      const email = freshEmail('gus');
      const person = { email, password: PASSWORD, name: 'Gus', roles: ['gardener'] };
      const made = await server.send('ada', 'POST', '/api/people', { person });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toEqual({ person: expect.objectContaining({ email, name: 'Gus' }) });
      expect(made.body).not.toContain(PASSWORD);
      const signIn = await server.send(null, 'POST', '/api/sign-in', { email, password: PASSWORD });
      expect(signIn.statusCode, signIn.body).toBe(200);
    });

    it('refuses an account without a password, at the password', async () => {
      const person = { email: freshEmail(), name: 'Hal', roles: ['gardener'] };
      const refused = await server.send('ada', 'POST', '/api/people', { person });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'password' })]);
    });
  });
}
