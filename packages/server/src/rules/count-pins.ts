import { analyseExpression, type ExprScope } from '@specrun/expr';
import type { AppModel } from '@specrun/model';

/** Where a value known before counting is read: a field of the record, the stored record, the user. */
export interface PinSource {
  root: 'record' | 'old' | 'user';
  field: string;
}

/**
 * One count() of an expression, as the turns of counting writes need it: the entity counted and,
 * when its condition holds one field of the counted records equal to a value known before
 * counting (`t.customer == user.id`, `l.book == record.book`), that field and where its value is
 * read. Such a count only sees the records holding that value, so only writes of those records,
 * or of records moving to or from it, must wait for it.
 */
export interface CountPin {
  counted: string;
  pinned?: { field: string; from: PinSource };
}

/** Every count() of an expression that checks, with its pin where it has one. */
export function countPins(source: string, model: AppModel, scope: ExprScope): CountPin[] {
  const analysis = analyseExpression(source, model, scope);
  if (analysis.issues.length > 0) return [];
  return analysis.counts.map(({ entity, pin }) =>
    pin
      ? { counted: entity, pinned: { field: pin.field, from: { ...pin.from } } }
      : { counted: entity },
  );
}
