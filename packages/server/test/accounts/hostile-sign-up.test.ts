import { describe, expect, it } from 'vitest';
import { engineLimits } from '@specrun/model';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import {
  freshEmail,
  serveAccounts,
  useAccountsServer,
  type AccountsServer,
} from './support/accounts-app.js';
import { MODELS } from './support/models.js';

const PASSWORD = 'correct horse battery';
const SIGN_UPS = engineLimits(MODELS.helpdesk).signUpAttemptsPerHour;

let address = 0;
/** A client address no other test uses, so that the sign-up limit does not leak between tests. */
const freshAddress = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const signUp = (server: AccountsServer, body: Record<string, unknown>, from = freshAddress()) =>
  server.send('POST', '/api/sign-up', { body, remoteAddress: from });

const fieldsOf = (body: { errors?: { field?: string }[] }) =>
  (body.errors ?? []).map((e) => e.field);

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'hostile sign-ups', (databases) => {
    describe('emails', () => {
      const server = useAccountsServer(databases, MODELS.helpdesk);

      it('makes one account of an email whatever its case or Unicode form', async () => {
        const email = `José.${freshEmail()}`;
        const first = await signUp(server(), { email, password: PASSWORD, name: 'José' });
        expect(first.statusCode, first.body).toBe(201);
        expect(first.json().email).toBe(email.toLowerCase());
        for (const variant of [email.toUpperCase(), email.normalize('NFD'), ` ${email} `]) {
          const again = await signUp(server(), { email: variant, password: PASSWORD, name: 'J' });
          expect(again.statusCode, variant).toBe(409);
          expect(fieldsOf(again.json())).toEqual(['email']);
        }
      });

      it('refuses invisible characters, look-alike letters of another alphabet and full-width forms', async () => {
        const base = freshEmail();
        const hostile = [
          `ali\u200Bce${base}`, // zero-width space
          `ali\u2060ce${base}`, // word joiner
          `alice\u202E${base}`, // right-to-left override
          `\u0430lice${base}`, // Cyrillic а among Latin letters
          `ａlice${base}`, // full-width a
        ];
        for (const email of hostile) {
          const response = await signUp(server(), { email, password: PASSWORD, name: 'A' });
          expect(response.statusCode, JSON.stringify(email)).toBe(422);
          expect(fieldsOf(response.json())).toEqual(['email']);
        }
        const cyrillic = await signUp(server(), {
          email: `иван${++address}@пример.рф`,
          password: PASSWORD,
          name: 'Иван',
        });
        expect(cyrillic.statusCode, cyrillic.body).toBe(201);
      });

      it('answers a sign-up refused for another reason the same whether the email is taken', async () => {
        const taken = freshEmail();
        expect(
          (await signUp(server(), { email: taken, password: PASSWORD, name: 'A' })).statusCode,
        ).toBe(201);
        const free = freshEmail();
        // A User field missing: the account would not be made either way.
        const onTaken = await signUp(server(), { email: taken, password: PASSWORD });
        const onFree = await signUp(server(), { email: free, password: PASSWORD });
        expect(onTaken.statusCode).toBe(422);
        expect(onTaken.json()).toEqual(onFree.json());
        expect(fieldsOf(onTaken.json())).toEqual(['name']);
        // A weak password: the same again.
        const weak = { password: 'password12345678', name: 'A' };
        const weakTaken = await signUp(server(), { email: taken, ...weak });
        const weakFree = await signUp(server(), { email: free, ...weak });
        expect(weakTaken.json()).toEqual(weakFree.json());
        expect(fieldsOf(weakTaken.json())).toEqual(['password']);
      });

      it('tells an email is taken only when the account would otherwise be made', async () => {
        const email = freshEmail();
        expect((await signUp(server(), { email, password: PASSWORD, name: 'A' })).statusCode).toBe(
          201,
        );
        const again = await signUp(server(), { email, password: PASSWORD, name: 'B' });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ code: 'ALREADY_TAKEN' });
        expect(again.json().errors).toEqual([
          expect.objectContaining({ field: 'email', message: expect.stringContaining('sign in') }),
        ]);
      });
    });

    describe('floods', () => {
      const server = useAccountsServer(databases, MODELS.helpdesk);

      it(`allows ${SIGN_UPS} sign-ups an hour from one address, and others elsewhere`, async () => {
        const from = freshAddress();
        for (let i = 0; i < SIGN_UPS; i++) {
          const body = { email: freshEmail('flood'), password: PASSWORD, name: `F${i}` };
          expect((await signUp(server(), body, from)).statusCode).toBe(201);
        }
        const refused = await signUp(
          server(),
          { email: freshEmail(), password: PASSWORD, name: 'F' },
          from,
        );
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
        const wait = Number(refused.headers['retry-after']);
        expect(wait).toBeGreaterThan(60);
        expect(wait).toBeLessThanOrEqual(3600);
        const elsewhere = await signUp(server(), {
          email: freshEmail(),
          password: PASSWORD,
          name: 'G',
        });
        expect(elsewhere.statusCode).toBe(201);
      });

      it('counts refused sign-ups too, so that probing emails is bounded', async () => {
        const from = freshAddress();
        for (let i = 0; i < SIGN_UPS; i++) {
          const probe = await signUp(server(), { email: freshEmail(), password: PASSWORD }, from);
          expect(probe.statusCode).toBe(422);
        }
        const refused = await signUp(server(), { email: freshEmail(), password: PASSWORD }, from);
        expect(refused.statusCode).toBe(429);
      });
    });

    describe('passwords', () => {
      const server = useAccountsServer(databases, MODELS.helpdesk);

      it('refuses common, breached, padded, repeated and sequential passwords, and the email', async () => {
        const email = freshEmail('dominique');
        const guessable = [
          'passwordpassword',
          'password12345678',
          'P@ssw0rd!!!!!!!!!',
          'iloveyou iloveyou',
          'qwertyuiopasdfgh',
          'aaaaaaaaaaaaaaaa',
          'abcabcabcabcabcabc',
          '1234567890123456',
          'abcdefghijklmnop',
          `${email}`,
          'dominique2024!!!!',
          'helpdesk12345678',
        ];
        for (const password of guessable) {
          const response = await signUp(server(), { email, password, name: 'D' });
          expect(response.statusCode, password).toBe(422);
          expect(fieldsOf(response.json()), password).toEqual(['password']);
        }
        const strong = await signUp(server(), { email, password: PASSWORD, name: 'D' });
        expect(strong.statusCode, strong.body).toBe(201);
      });

      it('refuses a guessable new password on change too', async () => {
        const email = freshEmail();
        const made = await signUp(server(), { email, password: PASSWORD, name: 'C' });
        const session = made.cookies.find((c) => c.name === 'specrun_session')!.value;
        const change = await server().send('POST', '/api/me/password', {
          session,
          body: { currentPassword: PASSWORD, newPassword: 'baseballbaseball' },
        });
        expect(change.statusCode).toBe(422);
        expect(fieldsOf(change.json())).toEqual(['newPassword']);
      });

      it('follows MIN_PASSWORD_LENGTH from section 9', async () => {
        const model = {
          ...MODELS.helpdesk,
          constants: [
            ...MODELS.helpdesk.constants.filter((c) => c.name !== 'MIN_PASSWORD_LENGTH'),
            {
              name: 'MIN_PASSWORD_LENGTH',
              value: { kind: 'number' as const, value: 20 },
              meaning: 'Longer passwords here',
              engine: true,
            },
          ],
        };
        const longer = await serveAccounts(await databases.open(), model);
        try {
          const body = { email: freshEmail(), password: 'seventeen letters', name: 'L' };
          const short = await signUp(longer, body);
          expect(short.statusCode).toBe(422);
          expect(short.json().detail).toContain('at least 20');
        } finally {
          await longer.app.close();
          await longer.store.close();
        }
      });
    });

    describe('the first account', () => {
      it('is made on this machine without a code, and from elsewhere only with it', async () => {
        let code: string | undefined;
        const server = await serveAccounts(await databases.open(), MODELS.unspecified, {
          onSetupCode: (given) => (code = given),
        });
        try {
          expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
          const owner = { email: freshEmail('owner'), password: PASSWORD, name: 'Owner' };
          const send = (headers: Record<string, string>, body: Record<string, unknown> = owner) =>
            server.send('POST', '/api/sign-up', { body, headers, remoteAddress: '127.0.0.1' });
          // Through a proxy, or to another host name (DNS rebinding): not this machine.
          const elsewhere: Record<string, string>[] = [
            { 'x-forwarded-for': '203.0.113.9' },
            { host: 'rebound.example:3000' },
          ];
          for (const headers of elsewhere) {
            const refused = await send(headers);
            expect(refused.statusCode, JSON.stringify(headers)).toBe(422);
            expect(fieldsOf(refused.json())).toEqual(['setupCode']);
          }
          const wrong = await send(
            { 'x-forwarded-for': '203.0.113.9' },
            { ...owner, setupCode: 'AAAA-BBBB-CCCC' },
          );
          expect(wrong.statusCode).toBe(422);
          const right = await send(
            { 'x-forwarded-for': '203.0.113.9' },
            { ...owner, setupCode: code!.toLowerCase().replace(/-/g, ' ') },
          );
          expect(right.statusCode, right.body).toBe(201);
          expect(right.json().roles).toEqual(['admin']);
        } finally {
          await server.app.close();
          await server.store.close();
        }
      });

      it('behind a proxy always needs the code, and a local request is enough otherwise', async () => {
        const proxied = await serveAccounts(await databases.open(), MODELS.unspecified, {
          trustProxy: 1,
        });
        try {
          const owner = { email: freshEmail('owner'), password: PASSWORD, name: 'Owner' };
          const refused = await proxied.send('POST', '/api/sign-up', { body: owner });
          expect(refused.statusCode).toBe(422);
          expect(fieldsOf(refused.json())).toEqual(['setupCode']);
        } finally {
          await proxied.app.close();
          await proxied.store.close();
        }
        const local = await serveAccounts(await databases.open(), MODELS.unspecified);
        try {
          const owner = { email: freshEmail('owner'), password: PASSWORD, name: 'Owner' };
          const made = await local.send('POST', '/api/sign-up', { body: owner });
          expect(made.statusCode, made.body).toBe(201);
        } finally {
          await local.app.close();
          await local.store.close();
        }
      });
    });
  });
}
