import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { useSignedInServer } from '../http/support/signed-in-server.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { freshEmail } from './support/accounts-app.js';
import { MODELS } from './support/models.js';

// Managing an application's users over HTTP, as section 6 lets its roles: listing, adding with a
// first password, changing roles, deactivating and reactivating (docs/api.md, "Accounts").

const PASSWORD = 'a long and unguessable pass';

const codeOf = (response: LightMyRequestResponse) => response.json().code as string;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'managing the helpdesk’s users', (databases) => {
    const server = useSignedInServer(databases, MODELS.helpdesk, {
      ada: ['admin'],
      alex: ['agent'],
      cara: ['customer'],
    });

    /** Adds an agent as Ada, and signs them in: their id, email and session cookie. */
    async function addAgent(name = 'Ben') {
      const email = freshEmail(name.toLowerCase());
      const body = { email, name, roles: ['agent'], password: PASSWORD };
      const made = await server.send('ada', 'POST', '/api/users', body);
      expect(made.statusCode, made.body).toBe(201);
      const signIn = await server.send(null, 'POST', '/api/sign-in', { email, password: PASSWORD });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const cookie = signIn.cookies.find((c) => c.name === 'specrun_session')!.value;
      return { id: made.json().id as string, email, cookie };
    }

    const asSession = (cookie: string, url: string) =>
      server.app().inject({ url, headers: { cookie: `specrun_session=${cookie}` } });

    it('lists users with email and roles to an admin, names only to an agent', async () => {
      const admin = await server.send('ada', 'GET', '/api/users?sort=name');
      expect(admin.statusCode, admin.body).toBe(200);
      const ada = admin.json().items.find((u: { id: string }) => u.id === server.ids.ada);
      expect(ada).toMatchObject({ name: 'ada', email: 'ada@example.test', roles: ['admin'] });
      const agent = await server.send('alex', 'GET', '/api/users');
      expect(agent.statusCode).toBe(200);
      // Every user reads their own email; an agent reads only the names of the others.
      const others = agent.json().items.filter((u: { id: string }) => u.id !== server.ids.alex);
      expect(others.length).toBeGreaterThan(0);
      for (const user of others) expect(Object.keys(user)).not.toContain('email');
      const customer = await server.send('cara', 'GET', '/api/users');
      // A customer reads no user but themselves.
      expect(customer.json().items.map((u: { id: string }) => u.id)).toEqual([server.ids.cara]);
      expect((await server.send(null, 'GET', '/api/users')).statusCode).toBe(401);
    });

    it('lets an admin add an account with its first password, which is never answered', async () => {
      const { id } = await addAgent();
      const read = await server.send('ada', 'GET', `/api/users/${id}`);
      expect(read.json()).toMatchObject({ roles: ['agent'] });
      expect(JSON.stringify(read.json())).not.toContain(PASSWORD);
      const short = await server.send('ada', 'POST', '/api/users', {
        email: freshEmail(),
        name: 'Short',
        roles: ['agent'],
        password: 'short',
      });
      expect(short.statusCode).toBe(422);
      expect(short.json().errors).toEqual([expect.objectContaining({ field: 'password' })]);
    });

    it('refuses an account made by a customer or an agent', async () => {
      const body = { email: freshEmail(), name: 'Eve', roles: ['admin'], password: PASSWORD };
      for (const who of ['cara', 'alex']) {
        const refused = await server.send(who, 'POST', '/api/users', body);
        expect(refused.statusCode, who).toBe(403);
      }
      const signIn = await server.send(null, 'POST', '/api/sign-in', {
        email: body.email,
        password: PASSWORD,
      });
      expect(codeOf(signIn)).toBe('SIGN_IN_FAILED');
    });

    it('lets an admin change roles, which the user’s next request already has', async () => {
      const { id, cookie } = await addAgent();
      const changed = await server.send('ada', 'PATCH', `/api/users/${id}`, {
        roles: ['agent', 'admin'],
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const session = await asSession(cookie, '/api/_session');
      expect(session.json().roles).toEqual(['admin', 'agent']);
      const unknown = await server.send('ada', 'PATCH', `/api/users/${id}`, { roles: ['boss'] });
      expect(unknown.statusCode).toBe(422);
      // An agent may read the user but not change them; a customer may not even read them.
      const agent = await server.send('alex', 'PATCH', `/api/users/${id}`, { roles: ['admin'] });
      expect(agent.statusCode).toBe(403);
      const customer = await server.send('cara', 'PATCH', `/api/users/${id}`, { roles: ['admin'] });
      expect(customer.statusCode).toBe(404);
    });

    it('deactivates an account: its sessions end at once and it cannot sign in', async () => {
      const { id, email, cookie } = await addAgent();
      const done = await server.send('ada', 'POST', `/api/_accounts/${id}/deactivate`);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({
        id,
        active: false,
        deactivatedAt: expect.any(String),
        manageable: true,
      });
      expect((await asSession(cookie, '/api/_session')).statusCode).toBe(401);
      expect((await asSession(cookie, '/api/tickets')).statusCode).toBe(401);
      const right = await server.send(null, 'POST', '/api/sign-in', { email, password: PASSWORD });
      expect(right.statusCode).toBe(403);
      expect(codeOf(right)).toBe('ACCOUNT_DEACTIVATED');
      expect(right.cookies.find((c) => c.name === 'specrun_session')).toBeUndefined();
      // Whoever does not know the password learns nothing of it.
      const wrong = await server.send(null, 'POST', '/api/sign-in', {
        email,
        password: 'not the password at all',
      });
      expect(codeOf(wrong)).toBe('SIGN_IN_FAILED');
      // The record stays, as do the references to it.
      expect((await server.send('ada', 'GET', `/api/users/${id}`)).statusCode).toBe(200);
    });

    it('reactivates an account, which signs in again with its password', async () => {
      const { id, email } = await addAgent();
      await server.send('ada', 'POST', `/api/_accounts/${id}/deactivate`);
      const again = await server.send('ada', 'POST', `/api/_accounts/${id}/deactivate`);
      expect(again.json()).toMatchObject({ active: false });
      const back = await server.send('ada', 'POST', `/api/_accounts/${id}/reactivate`);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ id, active: true, deactivatedAt: null });
      const signIn = await server.send(null, 'POST', '/api/sign-in', { email, password: PASSWORD });
      expect(signIn.statusCode, signIn.body).toBe(200);
    });

    it('tells an admin which accounts are active, and whether they may manage each', async () => {
      const { id } = await addAgent();
      await server.send('ada', 'POST', `/api/_accounts/${id}/deactivate`);
      const ids = [id, server.ids.ada, server.ids.alex, 'no-such-user'].join(',');
      const statuses = await server.send('ada', 'GET', `/api/_accounts?ids=${ids}`);
      expect(statuses.statusCode, statuses.body).toBe(200);
      expect(statuses.json().items).toEqual([
        { id, active: false, deactivatedAt: expect.any(String), manageable: true },
        { id: server.ids.ada, active: true, deactivatedAt: null, manageable: false },
        { id: server.ids.alex, active: true, deactivatedAt: null, manageable: true },
      ]);
      expect((await server.send('ada', 'GET', '/api/_accounts')).statusCode).toBe(400);
    });

    it('refuses deactivation to those who may not change roles, and to oneself', async () => {
      const { id } = await addAgent();
      const url = `/api/_accounts/${id}/deactivate`;
      expect((await server.send(null, 'POST', url)).statusCode).toBe(401);
      for (const who of ['cara', 'alex']) {
        const refused = await server.send(who, 'POST', url);
        expect(refused.statusCode, who).toBe(403);
        const status = await server.send(who, 'GET', `/api/_accounts?ids=${id}`);
        expect(status.statusCode, who).toBe(403);
      }
      const self = await server.send('ada', 'POST', `/api/_accounts/${server.ids.ada}/deactivate`);
      expect(self.statusCode).toBe(403);
      expect(self.json().detail).toContain('your own account');
      const missing = await server.send('ada', 'POST', '/api/_accounts/nobody-here/deactivate');
      expect(missing.statusCode).toBe(404);
      // Nothing changed: the agent still signs in.
      const status = await server.send('ada', 'GET', `/api/_accounts?ids=${id}`);
      expect(status.json().items[0]).toMatchObject({ active: true });
    });

    it('refuses a change of one’s own roles, as the users screen never offers one', async () => {
      const own = `/api/users/${server.ids.ada}`;
      const dropped = await server.send('ada', 'PATCH', own, { roles: ['agent'] });
      expect(dropped.statusCode, dropped.body).toBe(403);
      expect(dropped.json().detail).toContain('your own account');
      // The name is theirs to change; the same roles sent back change nothing and pass.
      const renamed = await server.send('ada', 'PATCH', own, { name: 'Ada L', roles: ['admin'] });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Ada L', roles: ['admin'] });
      const agent = await addAgent();
      const promoted = await server.send('ada', 'PATCH', `/api/users/${agent.id}`, {
        roles: ['agent', 'admin'],
      });
      expect(promoted.statusCode, promoted.body).toBe(200);
    });
  });

  describeDialect(dialect, 'managing the stockroom’s staff', (databases) => {
    // Managers may change the roles of anyone but admins: so may they deactivate.
    const server = useSignedInServer(databases, MODELS.stockroom, {
      mia: ['manager'],
      otto: ['admin'],
      cleo: ['clerk'],
    });

    it('lets a manager deactivate a clerk but not an admin', async () => {
      const ids = [server.ids.otto, server.ids.cleo].join(',');
      const statuses = await server.send('mia', 'GET', `/api/_accounts?ids=${ids}`);
      expect(statuses.json().items).toEqual([
        expect.objectContaining({ id: server.ids.otto, manageable: false }),
        expect.objectContaining({ id: server.ids.cleo, manageable: true }),
      ]);
      const admin = await server.send(
        'mia',
        'POST',
        `/api/_accounts/${server.ids.otto}/deactivate`,
      );
      expect(admin.statusCode).toBe(403);
      const clerk = await server.send(
        'mia',
        'POST',
        `/api/_accounts/${server.ids.cleo}/deactivate`,
      );
      expect(clerk.statusCode, clerk.body).toBe(200);
      expect((await server.send('cleo', 'GET', '/api/_session')).statusCode).toBe(401);
      expect((await server.send('otto', 'GET', '/api/_session')).statusCode).toBe(200);
    });
  });
}
