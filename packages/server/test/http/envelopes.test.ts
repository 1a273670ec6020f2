import type { Shape } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/catalogue/app-error.js';
import {
  describeShape,
  unwrapPayload,
  wantsCount,
  wrapResponse,
} from '../../src/calls/envelopes.js';

const field = (name: string, optional = false) => ({
  name,
  optional,
  shape: { kind: 'field' } as Shape,
});
const ticket: Shape = { kind: 'entity', entity: 'Ticket', list: false };
const tickets: Shape = { kind: 'entity', entity: 'Ticket', list: true };
const fields: Shape = {
  kind: 'object',
  properties: [field('title'), field('body'), field('priority', true)],
};
const enveloped: Shape = {
  kind: 'object',
  properties: [{ name: 'ticket', optional: false, shape: fields }],
};
const listEnvelope: Shape = {
  kind: 'object',
  properties: [
    { name: 'tickets', optional: false, shape: tickets },
    { name: 'count', optional: false, shape: { kind: 'count' } },
  ],
};

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('unwrapPayload', () => {
  it('takes the fields out of their envelope', () => {
    const body = { ticket: { title: 'Printer', body: 'Jammed' } };
    expect(unwrapPayload(enveloped, body)).toEqual({ title: 'Printer', body: 'Jammed' });
  });

  it('refuses a missing envelope, saying what was expected', () => {
    const error = refusal(() => unwrapPayload(enveloped, { title: 'Printer', body: 'Jammed' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.detail).toContain('title, body');
    expect(error.detail).toContain('{ ticket: { title, body, priority? } }');
  });

  it('refuses an envelope that is not an object', () => {
    const error = refusal(() => unwrapPayload(enveloped, { ticket: 'Printer' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.detail).toContain('under "ticket"');
  });

  it('refuses fields the declared payload does not name, inside the envelope too', () => {
    const error = refusal(() =>
      unwrapPayload(enveloped, { ticket: { title: 'Printer', status: 'closed' } }),
    );
    expect(error.detail).toContain('status');
    expect(refusal(() => unwrapPayload(fields, { title: 'x', secret: 1 })).detail).toContain(
      'secret',
    );
  });

  it('leaves missing fields to the operation, so updates can send only what changes', () => {
    expect(unwrapPayload(enveloped, { ticket: { priority: 'high' } })).toEqual({
      priority: 'high',
    });
  });

  it('takes any field under an entity-shaped envelope', () => {
    const shape: Shape = {
      kind: 'object',
      properties: [{ name: 'ticket', optional: false, shape: ticket }],
    };
    expect(unwrapPayload(shape, { ticket: { title: 'a', whatever: 1 } })).toEqual({
      title: 'a',
      whatever: 1,
    });
  });

  it('takes an optional envelope as no fields when it is left out', () => {
    const shape: Shape = {
      kind: 'object',
      properties: [{ name: 'ticket', optional: true, shape: fields }],
    };
    expect(unwrapPayload(shape, {})).toEqual({});
  });

  it('takes the body itself without a shape, and refuses anything but an object', () => {
    expect(unwrapPayload(undefined, { title: 'a' })).toEqual({ title: 'a' });
    for (const body of [null, [], 'text', 3, undefined]) {
      expect(refusal(() => unwrapPayload(undefined, body)).code).toBe('BAD_REQUEST');
      expect(refusal(() => unwrapPayload(enveloped, body)).code).toBe('BAD_REQUEST');
    }
  });

  it('refuses a list payload', () => {
    expect(refusal(() => unwrapPayload(tickets, [{ title: 'a' }])).code).toBe('BAD_REQUEST');
  });
});

describe('wrapResponse', () => {
  const record = { id: 'r1', title: 'Printer' };

  it('wraps a record in its envelope', () => {
    const shape: Shape = {
      kind: 'object',
      properties: [{ name: 'ticket', optional: false, shape: ticket }],
    };
    expect(wrapResponse(shape, record)).toEqual({ ticket: record });
  });

  it('wraps a page with its count and next cursor', () => {
    expect(wrapResponse(listEnvelope, [record], { count: 7, nextCursor: 'c2' })).toEqual({
      tickets: [record],
      count: 7,
      nextCursor: 'c2',
    });
    expect(wrapResponse(listEnvelope, [record], { count: 1 })).toEqual({
      tickets: [record],
      count: 1,
    });
  });

  it('answers bare records and arrays as they are', () => {
    expect(wrapResponse(ticket, record)).toBe(record);
    expect(wrapResponse(tickets, [record])).toEqual([record]);
    expect(wrapResponse(undefined, record)).toBe(record);
  });

  it('answers a named nextCursor where the shape puts it, and bare fields from the record', () => {
    const shape: Shape = {
      kind: 'object',
      properties: [{ name: 'items', optional: false, shape: tickets }, field('nextCursor')],
    };
    expect(wrapResponse(shape, [record], { nextCursor: 'c' })).toEqual({
      items: [record],
      nextCursor: 'c',
    });
    const picked: Shape = { kind: 'object', properties: [field('id'), field('title')] };
    expect(wrapResponse(picked, { ...record, body: 'x' })).toEqual(record);
  });
});

describe('shapes', () => {
  it('say whether a list must be counted', () => {
    expect(wantsCount(listEnvelope)).toBe(true);
    expect(wantsCount(enveloped)).toBe(false);
    expect(wantsCount(undefined)).toBe(false);
  });

  it('are described as written', () => {
    expect(describeShape(listEnvelope)).toBe('{ tickets: Ticket[], count }');
  });
});
