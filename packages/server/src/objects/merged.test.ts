import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copied, merged } from './merged.js';

const record = fc.dictionary(fc.string(), fc.jsonValue());
// Own keys in order, with each value: what spread gives and a copy must give alike.
const entries = (o: object) =>
  Reflect.ownKeys(o).map((k) => [k, (o as Record<string, unknown>)[k as string]]);

describe('copies of plain objects', () => {
  it('merge as spread does: later parts win, keys in first-seen order', () => {
    fc.assert(
      fc.property(record, record, record, (a, b, c) => {
        const both = merged(a, b);
        expect(entries(both)).toEqual(entries({ ...a, ...b }));
        expect(entries(merged(a, b, c))).toEqual(entries({ ...a, ...b, ...c }));
        expect(entries(copied(a))).toEqual(entries({ ...a }));
        expect(Object.getPrototypeOf(both)).toBe(Object.prototype);
      }),
    );
  });

  it('keep an own __proto__ key as data, never as the copy’s prototype', () => {
    const hostile = JSON.parse('{"__proto__": {"isAdmin": true}, "name": "x"}') as object;
    for (const copy of [merged({ id: 1 }, hostile), merged(hostile, { id: 1 }), copied(hostile)]) {
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      expect((copy as { isAdmin?: boolean }).isAdmin).toBeUndefined();
      expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    }
  });

  it('leave the parts as they were', () => {
    const a = { x: 1 };
    const copy = copied(a);
    copy.x = 2;
    merged(a, { x: 3 });
    expect(a).toEqual({ x: 1 });
  });
});
