import { didYouMean } from '@specrun/model';
import type { ReadContext } from '../read-context.js';
import type { At } from './diagnostic-bag.js';

/** What an unknown-name check needs: the code, the kind of thing, and the names it may be. */
export interface UnknownName {
  code: string;
  what: string;
  word: string;
  candidates: readonly string[];
}

/** Errors on a name that is not among its candidates, with a "did you mean" hint; true if known. */
export function expectKnown(name: UnknownName, at: At, ctx: ReadContext): boolean {
  if (name.candidates.includes(name.word)) return true;
  const hint =
    didYouMean(name.word, name.candidates) ??
    (name.candidates.length > 0 ? `known: ${name.candidates.slice(0, 12).join(', ')}` : undefined);
  ctx.bag.error(name.code, at, `\`${name.word}\` is not a known ${name.what}.`, hint);
  return false;
}
