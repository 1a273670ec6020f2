/** A path segment's noun in the singular: `articles` → `article`, `categories` → `category`. */
export function singularWord(word: string): string {
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(sses|xes|zzes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The path's word for the record one of its parameters addresses: the segment before the
 * parameter, singular (`/api/profiles/:username` → `profile`; in
 * `/api/articles/:slug/comments/:number`, `slug` → `article` and `number` → `comment`). The last
 * parameter when none is named; undefined when the path has none, or no word before it.
 */
export function pathWord(path: string, parameter?: string): string | undefined {
  const segments = path.split('/');
  const params = segments.flatMap((s, i) => (s.startsWith(':') ? [i] : []));
  const index = parameter === undefined ? params.at(-1) : segments.indexOf(`:${parameter}`);
  if (index === undefined || index < 1) return undefined;
  const before = segments[index - 1]!;
  return before === '' || before.startsWith(':') ? undefined : singularWord(before);
}
