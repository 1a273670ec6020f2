import { unwrapPayload, wrapPayload, wrapResponse } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/openapi/openapi-types.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { EXAMPLES } from '../operations/support/examples.js';
import { useHarness } from '../operations/support/harness.js';
import { schemaMismatches } from './support/check-schema.js';
import { EXAMPLE_DOCUMENTS } from './support/example-documents.js';
import {
  answerSchema,
  callOf,
  operationOf,
  requestSchema,
  withRequiredDefaults,
} from './support/served-call.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * What the operations answer on a real database, put in the envelopes of each served call, fits
 * the schema the document gives for that answer; and a valid body, sent in the call's payload
 * envelope, fits its request schema. So the document describes the wire, not a guess.
 */
for (const dialect of DIALECTS) {
  describeDialect(dialect, 'records and bodies fit the OpenAPI schemas', (databases) => {
    for (const example of EXAMPLES) {
      describe(example.name, () => {
        const h = useHarness(databases, example.model, example.overrides);
        const { document, calls } = EXAMPLE_DOCUMENTS.find((d) => d.name === example.name)!;
        const fits = (schema: JsonSchema, value: unknown) =>
          schemaMismatches(document, schema, value);

        for (const entity of example.model.entities) {
          const name = entity.name;
          it(`${name}: the bodies taken and the records answered fit the document`, async () => {
            const actor = await h.actor();
            const ops = h.ops(name);
            const ctx = h.ctx(actor);
            const create = callOf(calls, 'create', name);
            const body = withRequiredDefaults(
              entity,
              create?.payload,
              await h.validBody(name, actor),
            );
            if (create) {
              // A User made over HTTP is an account: its body carries the first password.
              const password = name === 'User' ? { password: 'correct horse battery staple' } : {};
              const sent = wrapPayload(create.payload, { ...body, ...password });
              // The client's body is what the server unwraps back into the fields.
              const fields = unwrapPayload(create.payload, sent);
              expect(fits(requestSchema(operationOf(document, create)), sent)).toEqual([]);
              expect(fields.ok ? Object.keys(fields.value) : fields.problem).not.toEqual([]);
            }
            const created = await ops.createRecord(ctx, body);
            if (create) {
              const answer =
                create.line === undefined ? created : wrapResponse(create.response, created);
              expect(fits(answerSchema(operationOf(document, create), '201'), answer)).toEqual([]);
            }
            const id = created.id as string;
            const get = callOf(calls, 'get', name);
            if (get) {
              const record = await ops.getRecord(ctx, id);
              const answer = get.line === undefined ? record : wrapResponse(get.response, record);
              expect(fits(answerSchema(operationOf(document, get), '200'), answer)).toEqual([]);
            }
            const list = callOf(calls, 'list', name);
            if (list) {
              const page = await ops.listRecords(ctx, { limit: 1 });
              const extras = {
                count: 2,
                ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
              };
              const answer =
                list.line === undefined
                  ? {
                      items: page.records,
                      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
                    }
                  : wrapResponse(list.response, page.records, extras);
              expect(fits(answerSchema(operationOf(document, list), '200'), answer)).toEqual([]);
            }
            const update = callOf(calls, 'update', name);
            if (update) {
              const operation = operationOf(document, update);
              expect(fits(requestSchema(operation), wrapPayload(update.payload, {}))).toEqual([]);
              const saved = await ops.updateRecord(ctx, id, {}, 1);
              const answer =
                update.line === undefined ? saved : wrapResponse(update.response, saved);
              expect(fits(answerSchema(operation, '200'), answer)).toEqual([]);
            }
            // Every entity is served somehow, so each test checked at least one answer.
            expect([create, get, list, update].some(Boolean)).toBe(true);
          });
        }
      });
    }
  });
}

describe('the schema checker the test above relies on', () => {
  const { document } = EXAMPLE_DOCUMENTS.find((d) => d.name === 'expenses')!;
  const claim = {
    id: 'c1',
    title: 'Train',
    amount: '12.50',
    spentOn: '2025-03-01',
    status: 'draft',
    createdAt: '2025-03-01T10:00:00.000Z',
    version: 1,
  };

  it('accepts a record as the API answers it', () => {
    expect(schemaMismatches(document, ref('Claim'), claim)).toEqual([]);
  });

  it('finds a number for money, a bad date, an unknown state and a string version', () => {
    const wrong = { ...claim, amount: 12.5, spentOn: '2025-3-1', status: 'lost', version: '1' };
    expect(schemaMismatches(document, ref('Claim'), wrong)).toHaveLength(4);
    expect(schemaMismatches(document, ref('Claim.Create'), { title: 'Train', nope: 1 })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/nope/),
        expect.stringMatching(/lacks amount/),
      ]),
    );
  });
});
