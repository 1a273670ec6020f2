import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Shape, ShapeProperty } from '../calls/call.js';
import { cursorOfLink, nextPageLink } from './page-link.js';
import { payloadFields, unwrapPayload, wrapPayload } from './payload-envelopes.js';
import { unwrapPage, unwrapRecord } from './unwrap-response.js';
import { wantsCount, wrapPage, wrapResponse } from './wrap-response.js';
import { sourceOf } from './projection.js';

// The server wraps what the web app unwraps, and the other way round: each half is the other's
// inverse for every shape section 7 can declare, not only for the shapes the examples use.

const FIELD: Shape = { kind: 'field' };
const COUNT: Shape = { kind: 'count' };
const entity = (list: boolean): Shape => ({ kind: 'entity', entity: 'Thing', list });

const identifier = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,6}$/);
// Field names include some every object inherits, and the one a list's cursor travels under.
const fieldName = fc.oneof(
  identifier,
  fc.constantFrom('valueOf', 'toString', 'constructor', 'nextCursor'),
);
const property = (name: fc.Arbitrary<string>, shape: fc.Arbitrary<Shape>) =>
  fc.record({ name, optional: fc.boolean(), shape });
const objectOf = (properties: fc.Arbitrary<ShapeProperty>): fc.Arbitrary<Shape> =>
  fc
    .uniqueArray(properties, { selector: (p) => p.name, maxLength: 4 })
    .map((list) => ({ kind: 'object', properties: list }));

/** A renamed field: `id: number` travels as `id` and is the record's `number`. */
const renamed: fc.Arbitrary<Shape> = fieldName.map((field) => ({ kind: 'field', field }));

/** Shapes with fields, envelopes of fields and envelopes of a whole entity: payloads. */
const payloadShapes = fc.letrec<{ object: Shape; property: ShapeProperty }>((tie) => ({
  object: objectOf(tie('property')),
  property: fc.oneof(
    { depthSize: 'small' },
    property(fieldName, fc.constant(FIELD)),
    property(fieldName, renamed),
    property(identifier, fc.oneof(fc.constant(entity(false)), tie('object'))),
  ),
})).object;

/** Shapes with anything a response may hold: fields, counts, records, lists, envelopes. */
const responseShapes = fc.letrec<{ object: Shape; property: ShapeProperty }>((tie) => ({
  object: objectOf(tie('property')),
  property: fc.oneof(
    { depthSize: 'small' },
    property(fieldName, fc.constant(FIELD)),
    // A wire name `nextCursor` is the list's cursor: a renamed field is not written under it.
    property(identifier, renamed),
    property(identifier, fc.constantFrom(COUNT, entity(false), entity(true))),
    property(identifier, tie('object')),
  ),
})).object;

const values = fc.dictionary(fieldName, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 });
const records = values.map((fields) => ({ ...fields, id: 'r1' }));

/** Whether a shape holds `predicate`'s shape, itself or in its envelopes. */
function holds(shape: Shape, predicate: (s: Shape) => boolean): boolean {
  if (predicate(shape)) return true;
  return shape.kind === 'object' && shape.properties.some((p) => holds(p.shape, predicate));
}

/** The names of the bare fields an object shape lists, in all its envelopes. */
function fieldNames(shape: Shape): string[] {
  if (shape.kind !== 'object') return [];
  return shape.properties.flatMap((p) =>
    p.shape.kind === 'field' ? [sourceOf(p)] : fieldNames(p.shape),
  );
}

/** Whether an envelope renames some property to the record's `field`. */
function renamesTo(shape: Shape, field: string): boolean {
  if (shape.kind !== 'object') return false;
  return shape.properties.some((p) =>
    p.shape.kind === 'field' ? p.shape.field === field : renamesTo(p.shape, field),
  );
}

const pick = (fields: Record<string, unknown>, names: Iterable<string>) =>
  Object.fromEntries([...names].filter((n) => Object.hasOwn(fields, n)).map((n) => [n, fields[n]]));

const isRecordOf = (list: boolean) => (s: Shape) => s.kind === 'entity' && s.list === list;

describe('the envelope codec round-trips', () => {
  it('a payload: the server reads back the fields the web app wrapped', () => {
    const shapes = fc.option(fc.oneof(payloadShapes, fc.constant(entity(false))), {
      nil: undefined,
    });
    fc.assert(
      fc.property(shapes, values, (shape, fields) => {
        const named = payloadFields(shape);
        const sent = wrapPayload(shape, fields);
        expect(unwrapPayload(shape, sent)).toEqual({
          ok: true,
          value: named ? pick(fields, named) : fields,
        });
      }),
    );
  });

  it('a record: the web app reads back the record, or the fields the shape names', () => {
    const shapes = fc.option(fc.oneof(responseShapes, fc.constant(entity(false))), {
      nil: undefined,
    });
    fc.assert(
      fc.property(shapes, records, (shape, record) => {
        const read = unwrapRecord(shape, wrapResponse(shape, record));
        if (!shape || holds(shape, isRecordOf(false))) expect(read).toEqual(record);
        // A bare `nextCursor` in a response is always the list's cursor, never a field.
        else {
          const bare = (p: ShapeProperty) => p.name === 'nextCursor' && p.shape.kind === 'field';
          const cursorOnly = (n: string) =>
            n === 'nextCursor' &&
            !(shape.kind === 'object' && renamesTo(shape, 'nextCursor')) &&
            holds(shape, (s) => s.kind === 'object' && s.properties.some(bare));
          expect(read).toEqual(
            pick(
              record,
              fieldNames(shape).filter((n) => !cursorOnly(n)),
            ),
          );
        }
      }),
    );
  });

  it('a page: the web app reads back the records, their count and the next cursor', () => {
    const listShapes = fc.oneof(
      fc.constant(entity(true)),
      responseShapes.filter((s) => holds(s, isRecordOf(true))),
    );
    const shapes = fc.option(listShapes, { nil: undefined });
    const cursors = fc.option(fc.string({ unit: 'grapheme', minLength: 1 }), { nil: undefined });
    const urls = fc
      .tuple(identifier, fc.nat({ max: 200 }))
      .map(([plural, limit]) => `/api/${plural}?limit=${limit}`);
    fc.assert(
      fc.property(
        shapes,
        fc.array(records, { maxLength: 3 }),
        fc.nat(),
        cursors,
        urls,
        (shape, items, count, nextCursor, url) => {
          const extras = nextCursor === undefined ? { count } : { count, nextCursor };
          const body = wrapPage(shape, items, extras);
          // Only a bare array needs the Link header: it has nowhere else to put the cursor.
          const bare = shape?.kind === 'entity';
          const link = bare && nextCursor !== undefined ? nextPageLink(url, nextCursor) : null;
          const expected: Record<string, unknown> = { items };
          if (shape && wantsCount(shape)) expected.count = count;
          if (nextCursor !== undefined) expected.nextCursor = nextCursor;
          expect(unwrapPage(shape, body, link)).toEqual(expected);
        },
      ),
    );
  });

  it('a projection: the web app reads back the projected fields under their own names', () => {
    // `User { username, handle: name, manager: User { name } }`: renames and nested records.
    const projected = fc.letrec<{ projection: Shape; property: ShapeProperty }>((tie) => ({
      projection: fc
        .uniqueArray(tie('property'), { selector: (p) => p.name, maxLength: 4 })
        .map((fields) => ({ kind: 'entity', entity: 'Thing', list: false, fields })),
      property: fc.oneof(
        { depthSize: 'small' },
        property(fieldName, fc.constant(FIELD)),
        property(fieldName, renamed),
        property(identifier, tie('projection')),
      ),
    })).projection;
    // Each wire name reads one source field: two properties of one source would read it twice.
    const distinct = projected.filter(function distinctSources(shape): boolean {
      if (shape.kind !== 'entity' || !shape.fields) return true;
      const sources = shape.fields.map(sourceOf);
      return (
        new Set(sources).size === sources.length &&
        shape.fields.every((p) => distinctSources(p.shape))
      );
    });
    /** What a record projected then read back holds: its own fields the projection lists. */
    const expected = (shape: Shape, record: Record<string, unknown>): Record<string, unknown> => {
      if (shape.kind !== 'entity' || !shape.fields) return record;
      const out: Record<string, unknown> = {};
      for (const p of shape.fields) {
        const source = sourceOf(p);
        if (!Object.hasOwn(record, source)) continue;
        const value = record[source];
        out[source] =
          p.shape.kind === 'entity'
            ? typeof value === 'object' && value !== null && !Array.isArray(value)
              ? expected(p.shape, value as Record<string, unknown>)
              : null
            : value;
      }
      return out;
    };
    const nested = fc.dictionary(fieldName, fc.oneof(fc.jsonValue({ maxDepth: 1 }), values), {
      maxKeys: 6,
    });
    fc.assert(
      fc.property(distinct, nested, (shape, record) => {
        const read = unwrapRecord(shape, wrapResponse(shape, record));
        expect(read).toEqual(expected(shape, record));
      }),
    );
  });

  it('a next-page link: the cursor read back is the cursor linked', () => {
    fc.assert(
      fc.property(identifier, fc.string({ unit: 'grapheme' }), (plural, cursor) => {
        expect(cursorOfLink(nextPageLink(`/api/${plural}?cursor=old`, cursor))).toBe(cursor);
      }),
    );
  });
});
