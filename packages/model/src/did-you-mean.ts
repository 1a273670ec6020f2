/**
 * Edit distance by optimal string alignment: insertions, deletions, substitutions, and swaps of
 * two neighbouring letters (the commonest typo: `agnet` for `agent`) each count as one.
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, before[j - 2]! + 1);
      }
      current[j] = best;
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `word`, if it is close enough to be a likely typo
 * (case-insensitive; at most a third of the word's length in edits).
 */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  const target = word.toLowerCase();
  const limit = Math.max(1, Math.floor(target.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // A much longer or shorter name is never a typo: skip the quadratic table.
    if (Math.abs(candidate.length - target.length) > limit) continue;
    const distance = editDistance(target, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** A "did you mean" hint for `word`, or undefined when nothing is close. */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const match = closestMatch(word, candidates);
  return match === undefined ? undefined : `did you mean \`${match}\`?`;
}
