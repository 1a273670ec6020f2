import { analyseExpression, type ExprScope } from '@specrun/expr';
import type { AppModel } from '@specrun/model';

/** What knownPart found: the part to judge, or that no part can be judged yet. */
export type KnownPart = { kind: 'part'; source: string } | { kind: 'none' };

// A newline before each closing parenthesis keeps a trailing `//` comment from eating it.
const joined = (parts: readonly string[]) => parts.map((p) => `(${p}\n)`).join(' && ');

/**
 * The part of a condition on a record that can be judged while only the `known` fields of the
 * record have their values (a create a record's page offers: the reference to it, the defaults
 * nobody sets, the engine's fields): its top-level conjuncts that read no other field of
 * `record` or `old` (`record.event.organizer != user.id` reads `event`, then the event), joined
 * again. The other conjuncts depend on what the caller has not given yet and are taken to hold,
 * as a guard's parts that read `input` are before a transition's payload. A condition that does
 * not check is judged whole: the caller of this compiles it and finds out.
 */
export function knownPart(
  source: string,
  model: AppModel,
  scope: ExprScope,
  known: ReadonlySet<string>,
): KnownPart {
  const whole = analyseExpression(source, model, scope);
  if (whole.issues.length > 0) return { kind: 'part', source };
  const kept = whole.conjuncts
    .map((c) => c.source)
    .filter((part) => {
      const analysis = analyseExpression(part, model, scope);
      // `record` used whole (passed to a function, compared) reads every field.
      const fields = analysis.reads.filter(
        (r) => (r.root === 'record' || r.root === 'old') && r.depth === 1,
      );
      const whole = ['record', 'old'].some((n) => analysis.names.has(n)) && fields.length === 0;
      return !whole && fields.every((r) => known.has(r.field));
    });
  return kept.length === 0 ? { kind: 'none' } : { kind: 'part', source: joined(kept) };
}
