import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createServer,
  deriveTables,
  insertRecord,
  migrate,
  resolveTables,
  type Actor,
  type Store,
} from '../../src/index.js';
import { TEST_COST } from '../accounts/support/accounts-app.js';
import { EXAMPLES } from '../operations/support/examples.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useHttpHarness } from './support/http-harness.js';
import { restrictedPolicy } from './support/restricted-policy.js';
import { ACTOR_HEADER, actAsHeader } from './support/test-actor.js';

const expenses = EXAMPLE_MODELS.expenses!;
// A one-pixel PNG, and bytes that are no text at all.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// A day ago: claims may not be older than the example's CLAIM_WINDOW, nor in the future.
const SPENT_ON = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

function expectNotFound(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ code: 'NOT_FOUND', status: 404 });
}

let unique = 0;

for (const dialect of DIALECTS) {
  describeDialect(
    dialect,
    'files over HTTP, with section 6 of the expenses example',
    (databases) => {
      let store: Store;
      let app: FastifyInstance;
      let actors: Map<string, Actor>;

      beforeAll(async () => {
        store = await databases.open();
        expect((await migrate(store, expenses)).status).toBe('applied');
        app = await createServer({ model: expenses, store, passwordCost: TEST_COST });
        actors = actAsHeader(app);
        await app.ready();
      }, 60_000);
      afterAll(async () => {
        await app?.close();
        await store?.close();
      });

      async function employee(): Promise<Actor> {
        const users = resolveTables(store.db, dialect, deriveTables(expenses)).get('User')!;
        const email = `employee${++unique}@example.com`;
        const user = await insertRecord(store.db, users, { email, name: `Employee ${unique}` });
        const actor = {
          id: user.id as string,
          email,
          name: email,
          roles: ['employee'],
          fields: {},
        };
        actors.set(actor.id, actor);
        return actor;
      }

      const send = (url: string, actor: Actor | null, extra: Record<string, string> = {}) =>
        app.inject({ url, headers: actor ? { [ACTOR_HEADER]: actor.id, ...extra } : extra });

      async function claim(actor: Actor, receipt: unknown) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/claims',
          headers: { [ACTOR_HEADER]: actor.id },
          payload: { title: 'Train', amount: '12.50', spentOn: SPENT_ON, receipt },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json() as { id: string; receipt: { url: string } };
      }

      it('answers a file as its name, type, size and address, and serves its bytes there', async () => {
        const ada = await employee();
        const made = await claim(ada, { name: 'ticket.png', data: dataUrl('image/png', PNG) });
        const url = `/api/_files/Claim/${made.id}/receipt`;
        const file = { name: 'ticket.png', type: 'image/png', size: PNG.length, url };
        expect(made.receipt).toEqual(file);
        const list = await send('/api/claims', ada);
        expect(list.json().items[0].receipt).toEqual(file);
        expect(list.body).not.toContain(PNG.toString('base64').slice(0, 24));
        const served = await send(url, ada);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(PNG)).toBe(true);
        expect(served.headers).toMatchObject({
          'content-type': 'image/png',
          'content-length': String(PNG.length),
          'x-content-type-options': 'nosniff',
          'content-disposition': `inline; filename="ticket.png"; filename*=UTF-8''ticket.png`,
          'cache-control': 'private, no-cache',
        });
        expect(served.headers['content-security-policy']).toContain('sandbox');
        // The ETag names these bytes: asked again, nothing is sent.
        const again = await send(url, ada, { 'if-none-match': String(served.headers.etag) });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      });

      it('sends anything but a raster image as an attachment, with its name kept exactly', async () => {
        const ada = await employee();
        const page = Buffer.from('<script>alert(1)</script>');
        const made = await claim(ada, {
          name: 'Reçu "mai".html',
          data: dataUrl('text/html', page),
        });
        const served = await send(made.receipt.url, ada);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('text/html');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['content-disposition']).toBe(
          `attachment; filename="Re_u _mai_.html"; filename*=UTF-8''Re%C3%A7u%20%22mai%22.html`,
        );
        expect(served.body).toBe(page.toString());
      });

      it('answers 404, as for the record, to whoever may not read it, and for files that are not', async () => {
        const ada = await employee();
        const bob = await employee();
        const made = await claim(ada, dataUrl('application/pdf', Buffer.from('%PDF-1.7')));
        expectNotFound(await send(made.receipt.url, bob));
        const anonymous = await send(made.receipt.url, null);
        expect(anonymous.statusCode).toBe(401);
        const bare = await claim(ada, null);
        for (const url of [
          `/api/_files/Claim/${bare.id}/receipt`,
          `/api/_files/Claim/00000000-0000-7000-8000-000000000000/receipt`,
          `/api/_files/Claim/${made.id}/title`,
          `/api/_files/Nothing/${made.id}/receipt`,
        ])
          expectNotFound(await send(url, ada));
        const head = await app.inject({
          method: 'HEAD',
          url: made.receipt.url,
          headers: { [ACTOR_HEADER]: ada.id },
        });
        expect(head.statusCode).toBe(200);
        expect(head.headers['content-length']).toBe('8');
        expect(head.rawPayload.length).toBe(0);
      });

      it('refuses what is not a file, with the field named', async () => {
        const ada = await employee();
        for (const receipt of ['receipt.pdf', { name: 'a.pdf' }, 'data:image/png;base64,%%%']) {
          const response = await app.inject({
            method: 'POST',
            url: '/api/claims',
            headers: { [ACTOR_HEADER]: ada.id },
            payload: { title: 'Train', amount: '12.50', spentOn: SPENT_ON, receipt },
          });
          expect(response.statusCode, response.body).toBe(422);
          expect(response.json().errors).toEqual([
            expect.objectContaining({ field: 'receipt', code: expect.any(String) }),
          ]);
        }
      });
    },
  );

  describeDialect(dialect, 'a file in a field the caller may not read', (databases) => {
    const policy = restrictedPolicy({ hidden: { Claim: ['receipt'] } });
    const { overrides } = EXAMPLES.find((e) => e.name === 'expenses')!;
    const h = useHttpHarness(databases, expenses, overrides, policy);

    it('is neither answered nor served', async () => {
      const actor = await h.actor(['admin']);
      const made = await h.make('Claim', actor);
      expect(made).not.toHaveProperty('receipt');
      const stored = await h.stored('Claim', made.id as string);
      expect(stored?.receipt).toMatchObject({ name: 'receipt.pdf' });
      expectNotFound(await h.send({ url: `/api/_files/Claim/${made.id}/receipt`, actor }));
    });
  });
}
