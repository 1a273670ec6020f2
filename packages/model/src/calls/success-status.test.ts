import { describe, expect, it } from 'vitest';
import type { ApiCall } from './api-calls.js';
import { allowedStatuses, successStatus } from './success-status.js';

const call = (kind: 'create' | 'delete' | 'get', extra: Partial<ApiCall> = {}): ApiCall => ({
  method: 'POST',
  path: '/api/notes',
  operation: { kind, entity: 'Note' },
  ...extra,
});
const NOTE = { kind: 'entity', entity: 'Note', list: false } as const;

describe('successStatus', () => {
  it("gives the engine's choice: 201 for a create, 204 for nothing to answer, else 200", () => {
    expect(successStatus(call('create'))).toBe(201);
    expect(successStatus(call('delete'))).toBe(204);
    expect(successStatus(call('get'))).toBe(200);
    expect(successStatus(call('get', { line: 3 }))).toBe(204);
    expect(successStatus(call('get', { line: 3, response: NOTE }))).toBe(200);
  });

  it('gives the declared status first', () => {
    expect(successStatus(call('create', { line: 3, response: NOTE, status: 200 }))).toBe(200);
    expect(successStatus(call('delete', { line: 3, status: 204 }))).toBe(204);
  });
});

describe('allowedStatuses', () => {
  it('keeps 201 for calls that make something and 204 from reads', () => {
    expect(allowedStatuses('create')).toEqual([200, 201, 204]);
    expect(allowedStatuses('add-link')).toEqual([200, 201, 204]);
    expect(allowedStatuses('delete')).toEqual([200, 204]);
    expect(allowedStatuses('get')).toEqual([200]);
    expect(allowedStatuses('sign-out')).toEqual([204]);
  });
});
