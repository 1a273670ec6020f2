/** The union of some sets of fields. */
export function unionOf(sets: Iterable<ReadonlySet<string>>): Set<string> {
  const union = new Set<string>();
  for (const set of sets) for (const field of set) union.add(field);
  return union;
}
