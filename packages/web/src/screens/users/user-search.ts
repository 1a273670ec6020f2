import type { AppModel } from '@specrun/model';
import { readableFields } from '../../model/access.js';
import { entityOf } from '../../model/entities.js';

// What a search looks in: how people are told apart.
const SEARCHED = ['name', 'email'];

// CEL's lowerAscii() lowers A–Z only: the words searched for are lowered alike, so that "Élodie"
// is found by "Élo" and "élo" is not mistaken for it.
const lowerAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The list filter that finds users by a part of their name or email, whatever its case, among the
 * fields the caller may read; undefined for an empty search. The text is a CEL string literal
 * (JSON's escapes are CEL's), so nothing typed can change the condition.
 */
export function userSearchFilter(
  model: AppModel,
  roles: readonly string[],
  text: string,
): string | undefined {
  const words = lowerAscii(text.trim());
  const user = entityOf(model, 'User');
  if (words === '' || !user) return undefined;
  const readable = readableFields(model, roles, user);
  const literal = JSON.stringify(words);
  const tests = SEARCHED.filter((f) => readable.has(f)).map(
    (f) => `record.${f}.lowerAscii().contains(${literal})`,
  );
  return tests.length > 0 ? tests.join(' || ') : undefined;
}
