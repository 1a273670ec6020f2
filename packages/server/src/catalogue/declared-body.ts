import type { ErrorBody } from '@specrun/model';

/** One message of an answer and the key it is listed under. */
export interface KeyedMessage {
  key: string;
  message: string;
}

/**
 * The declared error body (section 8's `- Body:`) holding these messages, grouped by key in the
 * order the keys first appear: `{ errors: { title: ["can't be blank"], body: [...] } }`.
 */
export function declaredBody(body: ErrorBody, messages: readonly KeyedMessage[]): object {
  const byKey: Record<string, string[]> = {};
  for (const { key, message } of messages) {
    // An own property only: a key such as `__proto__` is data here, never the prototype.
    if (!Object.hasOwn(byKey, key))
      Object.defineProperty(byKey, key, { value: [], enumerable: true, writable: true });
    byKey[key]!.push(message);
  }
  let document: object = byKey;
  for (const name of [...body.at].reverse()) document = { [name]: document };
  return document;
}
