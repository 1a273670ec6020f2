import { analyseExpression, whyNotInDatabase } from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import { callConditions } from '../expressions/call-condition-sites.js';
import type { ReadContext } from '../read-context.js';

/**
 * A list call's `where` and parameter conditions are compiled to SQL when the server starts, on
 * the table listed (as a screen's filter is): one that cannot be is an error at its token. The
 * author wrote them, so unlike a caller's `filter=` they may follow references.
 */
export function checkCallConditions(model: AppModel, ctx: ReadContext): void {
  for (const { expression, scope, what } of callConditions(model)) {
    let refusal: { offset: number; message: string } | undefined;
    try {
      // An expression that does not check is reported as such already.
      if (analyseExpression(expression.source, model, scope).issues.length > 0) continue;
      refusal = whyNotInDatabase(expression.source, model, scope, { row: 'record' });
    } catch {
      continue;
    }
    if (!refusal) continue;
    ctx.bag.error(
      'condition-not-in-sql',
      ctx.where.inExpression(expression, refusal.offset),
      `This ${what} cannot run in the database: ${refusal.message.replace(/\.$/, '')}.`,
      "use the record's fields, its references' fields and `user`",
    );
  }
}
