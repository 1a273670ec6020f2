/** What a declared call does. */
export type Operation =
  | { kind: 'list' | 'get' | 'create' | 'update' | 'delete'; entity: string }
  | { kind: 'transition'; entity: string; action: string }
  | { kind: 'sign-up' | 'sign-in' | 'sign-out' | 'me' | 'update-me' };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A wire shape: `Ticket`, `Ticket[]`, `{ ticket: { title, body, priority? } }`.
 * Kept as written and parsed into a tree for the server to wrap and unwrap envelopes.
 */
export type Shape =
  | { kind: 'entity'; entity: string; list: boolean }
  | { kind: 'object'; properties: ShapeProperty[] }
  | { kind: 'field' }
  | { kind: 'count' };

export interface ShapeProperty {
  name: string;
  optional: boolean;
  shape: Shape;
}

/** A row of section 7. */
export interface Call {
  method: HttpMethod;
  path: string;
  operation: Operation;
  payload?: Shape;
  payloadSource?: string;
  response?: Shape;
  responseSource?: string;
  line: number;
}
