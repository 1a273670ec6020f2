const IRREGULAR: Record<string, string> = {
  person: 'people',
  child: 'children',
  man: 'men',
  woman: 'women',
  mouse: 'mice',
  datum: 'data',
};

/** The plural of one lowercase English word: category → categories, address → addresses. */
export function pluralWord(word: string): string {
  if (word in IRREGULAR) return IRREGULAR[word]!;
  if (/[^aeiou]y$/.test(word)) return word.slice(0, -1) + 'ies';
  if (/(?:s|x|z|ch|sh)$/.test(word)) return word + 'es';
  return word + 's';
}

/** An entity's plural in kebab case: Ticket → tickets, LineItem → line-items. */
export function pluralOf(entity: string): string {
  const words = entity
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  const last = words.pop();
  if (last === undefined) return 'records';
  return [...words, pluralWord(last)].join('-');
}
