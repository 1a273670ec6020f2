import { apiCalls } from '@specrun/model';
import { beforeAll, expect, it } from 'vitest';
import { prepareModel } from '../../src/index.js';
import { openApiDocument } from '../../src/openapi/openapi-document.js';
import { schemaMismatches } from '../openapi/support/check-schema.js';
import { answerSchema, callOf, operationOf } from '../openapi/support/served-call.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { parsed, specText } from '../support/parsed-model.js';
import { useSignedInServer } from './support/signed-in-server.js';

/**
 * A tenancy has no title of its own: it is known by its plot's name. A payment's page asks
 * `include=tenancy.plot` to name the tenancy it refers to; the plot is read through the plot's
 * own list, so a tenant who may not read an unlisted plot gets its bare id there, as at the first
 * level. Deeper paths, and references of the referenced entity that do not exist or the caller
 * may not read, are refused with 400 and what to ask instead.
 */
const SPEC = specText('Allotments', {
  1: 'Plots let to tenants, who pay for them.',
  3: `
### Plot

| Field  | Type    | Required | Default | Rules        |
| ------ | ------- | -------- | ------- | ------------ |
| name   | text    | yes      |         | unique       |
| listed | boolean | yes      | true    |              |
| rent   | integer | no       |         |              |

### Tenancy

| Field  | Type    | Required | Default | Rules |
| ------ | ------- | -------- | ------- | ----- |
| plot   | → Plot  | yes      |         |       |
| tenant | → User  | yes      |         |       |
| starts | date    | yes      |         |       |

### Payment

| Field   | Type      | Required | Default | Rules |
| ------- | --------- | -------- | ------- | ----- |
| tenancy | → Tenancy | yes      |         |       |
| amount  | integer   | yes      |         |       |
`,
  6: `
| Role    | Description      | Sign-up |
| ------- | ---------------- | ------- |
| tenant  | Rents a plot     | default |
| manager | Lets the plots   | no      |

| Role    | Entity  | Actions | Allowed                              | Fields       |
| ------- | ------- | ------- | ------------------------------------ | ------------ |
| tenant  | Plot    | read    | \`record.listed\`                      | name         |
| tenant  | Tenancy | read    | \`record.tenant == user.id\`           | plot, starts |
| tenant  | Payment | read    | \`record.tenancy.tenant == user.id\`   | all          |
| manager | *       | *       | yes                                  | all          |
`,
});

type Item = Record<string, unknown>;
const model = parsed(SPEC);
const document = openApiDocument(prepareModel(model));
/** Where an answer of the payment's get does not fit the OpenAPI document; empty when it fits. */
const misfits = (answer: unknown) =>
  schemaMismatches(
    document,
    answerSchema(operationOf(document, callOf(apiCalls(model), 'get', 'Payment')!), '200'),
    answer,
  );

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'a reference included with one of its own references', (databases) => {
    const server = useSignedInServer(databases, model, {
      mia: ['manager'],
      tom: ['tenant'],
    });
    const post = async (url: string, body: Record<string, unknown>) => {
      const answer = await server.send('mia', 'POST', url, body);
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ id: string }>().id;
    };
    const got = async (who: string, url: string) => {
      const answer = await server.send(who, 'GET', url);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Item>();
    };
    const ids = { listedPlot: '', hiddenPlot: '', onListed: '', onHidden: '' };

    beforeAll(async () => {
      ids.listedPlot = await post('/api/plots', { name: 'Plot 12', rent: 40 });
      ids.hiddenPlot = await post('/api/plots', { name: 'Plot 13', listed: false });
      const tenant = server.ids.tom;
      const starts = '2026-04-01';
      const listed = await post('/api/tenancies', { plot: ids.listedPlot, tenant, starts });
      const hidden = await post('/api/tenancies', { plot: ids.hiddenPlot, tenant, starts });
      ids.onListed = await post('/api/payments', { tenancy: listed, amount: 40 });
      ids.onHidden = await post('/api/payments', { tenancy: hidden, amount: 30 });
    });

    it('names a payment’s tenancy by its plot, on a record and in a list', async () => {
      const one = await got('mia', `/api/payments/${ids.onListed}?include=tenancy.plot`);
      expect(one.tenancy).toMatchObject({ plot: { id: ids.listedPlot, name: 'Plot 12' } });
      // The OpenAPI document describes a record placed one level down, as it is answered.
      expect(misfits(one)).toEqual([]);
      expect(
        misfits({ ...one, tenancy: { ...(one.tenancy as Item), plot: { name: 1 } } }),
      ).not.toEqual([]);
      const page = await got('mia', '/api/payments?include=tenancy.plot&sort=amount');
      const plots = (page.items as Item[]).map((p) => (p.tenancy as { plot: Item }).plot.name);
      expect(plots).toEqual(['Plot 13', 'Plot 12']);
    });

    it('shows a tenant the plot they may read, and only the id of one they may not', async () => {
      const listed = await got('tom', `/api/payments/${ids.onListed}?include=tenancy.plot`);
      // The plot as the tenant reads it: its name, not its rent.
      const plot = (listed.tenancy as Item).plot;
      expect(plot).toMatchObject({ id: ids.listedPlot, name: 'Plot 12' });
      expect(plot).not.toHaveProperty('rent');
      const hidden = await got('tom', `/api/payments/${ids.onHidden}?include=tenancy.plot`);
      expect((hidden.tenancy as Item).plot).toBe(ids.hiddenPlot);
    });

    it('writes a payment’s tenancy by its plot in a CSV export, as the screens name it', async () => {
      const csv = await server.send(
        'mia',
        'GET',
        '/api/payments?format=csv&columns=tenancy,amount&sort=amount',
      );
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body.slice(1).split('\r\n').slice(0, -1)).toEqual([
        'Tenancy,Amount',
        'Tenancy: Plot 13,30',
        'Tenancy: Plot 12,40',
      ]);
      // The tenant may not read the unlisted plot: that tenancy is written by its id.
      const own = await server.send(
        'tom',
        'GET',
        '/api/payments?format=csv&columns=tenancy&sort=amount',
      );
      const lines = own.body.slice(1).split('\r\n').slice(0, -1);
      expect(lines[2]).toBe('Tenancy: Plot 12');
      expect(lines[1]).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('refuses a path deeper than one reference, or one the caller may not read', async () => {
      const refused = async (who: string, include: string, words: string) => {
        const answer = await server.send(who, 'GET', `/api/payments?include=${include}`);
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST' });
        expect(answer.json().detail).toContain(words);
      };
      await refused('mia', 'tenancy.plot.name', 'goes too deep');
      await refused('mia', 'tenancy.starts', 'starts is not a reference of Tenancy');
      await refused('mia', 'tenancy.lease', 'lease is not a reference of Tenancy');
      // A tenant may not read who a tenancy's tenant is: asked for, it is as if it did not exist.
      await refused('tom', 'tenancy.tenant', 'tenant is not a reference of Tenancy');
    });
  });
}
