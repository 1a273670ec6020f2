import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Catalogue, engineLimits, type AppModel, type Field } from '@specrun/model';
import { addAccount, createServer, migrate, openStore, type Store } from '@specrun/server';
import type { FastifyInstance } from 'fastify';
import type { FieldErrors } from 'react-hook-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityOf, fieldOf } from '../src/model/entities.js';
import { formPayload } from '../src/ui/forms/form-payload.js';
import { recordResolver } from '../src/ui/forms/form-resolver.js';
import type { FormValue } from '../src/ui/inputs/form-values.js';
import { example } from './examples.js';

type Values = Record<string, FormValue>;

/** One application served in-process, with an account of each role this test needs. */
async function serve(model: AppModel, roles: string[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'specrun-web-checks-'));
  const store: Store = openStore({ dataDir });
  await migrate(store, model);
  const app: FastifyInstance = await createServer({ model, store });
  const cheap = { logN: 10, r: 8, p: 1 };
  const email = 'staff@checks.test';
  const password = 'correct horse battery staple';
  await addAccount(model, store, { email, name: 'Staff', roles, password }, cheap);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/sign-in',
    payload: { email, password },
  });
  const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
  return {
    post: (url: string, payload: unknown) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } }),
    close: async () => {
      await app.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The fields of a form, by name, from the model. */
const formOf = (model: AppModel, entity: string, names: string[]): Field[] =>
  names.map((n) => fieldOf(entityOf(model, entity)!, n)!);

/** What the form says before sending, field by field. */
async function browserSays(model: AppModel, fields: Field[], values: Values) {
  const resolver = recordResolver(
    { model, limits: engineLimits(model), catalogue: new Catalogue(model) },
    fields,
    {},
    'create',
    'UTC',
  );
  const { errors } = await resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(
    Object.entries(errors as FieldErrors<Values>).map(([name, e]) => [name, e?.message]),
  );
}

/** A form of an example: valid values (the n-th of them) and mistakes to make in them. */
interface FormCase {
  spec: string;
  entity: string;
  path: string;
  roles: string[];
  names: string[];
  valid: (n: number) => Values;
  mistakes: Values[];
}

// The same mistakes, made in the browser's form and sent to the server as the form would send
// them: each must be refused on the same fields, with the same catalogue message.
describe.each<FormCase>([
  {
    spec: 'workshops',
    entity: 'Venue',
    path: '/api/venues',
    roles: ['admin'],
    names: ['name', 'address', 'capacity', 'accessible', 'mapLink'],
    // Unique fields differ from one case to the next: a value already used is the server's to refuse.
    valid: (n: number) => ({
      name: `Hall ${n}`,
      address: '1 High Street',
      capacity: '40',
      accessible: true,
      mapLink: '',
    }),
    mistakes: [
      { name: 'x' },
      { capacity: '501' },
      { capacity: '4.5' },
      { address: '' },
      { mapLink: 'ftp://maps.test/hall' },
      { name: '', capacity: 'forty' },
    ],
  },
  {
    spec: 'stockroom',
    entity: 'Product',
    path: '/api/products',
    roles: ['buyer'],
    names: ['sku', 'name', 'category', 'unitPrice', 'weightKg', 'reorderLevel'],
    valid: (n: number) => ({
      sku: `BRK-${String(n).padStart(4, '0')}`,
      name: 'Brake pads',
      category: '',
      unitPrice: '12.00',
      weightKg: '',
      reorderLevel: '',
    }),
    mistakes: [
      { sku: 'brake pads' },
      { unitPrice: '12.005' },
      { unitPrice: '0.00' },
      { weightKg: '100.5' },
      { reorderLevel: '-1' },
      { sku: 'BRK-1', name: 'B' },
    ],
  },
])(
  'the $entity form of $spec, against its server',
  ({ spec, entity, path, roles, names, valid, mistakes }) => {
    const model = example(spec);
    const fields = formOf(model, entity, names);
    let server: Awaited<ReturnType<typeof serve>>;
    beforeAll(async () => {
      server = await serve(model, roles);
    });
    afterAll(() => server?.close());

    it('accepts in the browser what the server accepts', async () => {
      expect(await browserSays(model, fields, valid(0))).toEqual({});
      const body = formPayload(fields, valid(0), {}, 'create', 'UTC').fields;
      expect((await server.post(path, body)).statusCode).toBe(201);
    });

    it.each(mistakes.map((m, i) => [m, i + 1] as const))(
      'refuses %o in the browser as the server does',
      async (mistake, n) => {
        const values = { ...valid(n), ...mistake };
        const browser = await browserSays(model, fields, values);
        const body = formPayload(fields, values, {}, 'create', 'UTC').fields;
        const answer = await server.post(path, body);
        expect(answer.statusCode).toBe(422);
        const errors = (answer.json() as { errors: { field: string; message: string }[] }).errors;
        expect(browser).toEqual(Object.fromEntries(errors.map((e) => [e.field, e.message])));
        expect(Object.keys(browser).sort()).toEqual(Object.keys(mistake).sort());
      },
    );
  },
);
