/** The candidate closest to `name` by edit distance, if it is close enough to be a likely typo. */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(1, Math.floor(name.length / 3));
  return best !== undefined && bestDistance <= allowed ? best : undefined;
}

/** A "did you mean" hint, or undefined when nothing is close. */
export function hintFor(name: string, candidates: Iterable<string>): string | undefined {
  const suggestion = didYouMean(name, candidates);
  return suggestion === undefined ? undefined : `did you mean \`${suggestion}\`?`;
}

function editDistance(a: string, b: string): number {
  // Long inputs are never typos of short names; bail out before the quadratic table.
  if (Math.abs(a.length - b.length) > 8) return Math.abs(a.length - b.length);
  // Optimal string alignment: a swap of two neighbours ("titel") counts as one edit.
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, before[j - 2]! + 1);
      current[j] = best;
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
