import type { AppModel, Expression } from '@specrun/model';
import type { CheckedSite } from '../expressions/check-expressions.js';
import type { ReadContext } from '../read-context.js';

const FIELD = /\{\s*field\s*\}/;

/**
 * Warns on a rule whose message names `{field}` when the rule names several fields of its entity
 * (or none): the server fills `{field}` only from a rule's one field, so the message would read
 * "the values". A rule whose expression does not check is left to the expression's diagnostics.
 */
export function checkFieldPlaceholders(
  checked: readonly CheckedSite[],
  model: AppModel,
  ctx: ReadContext,
): void {
  const broken = new Set<Expression>(
    checked.filter((c) => c.result.issues.length > 0).map((c) => c.site.expression),
  );
  const messages = new Map(model.catalogue.map((entry) => [entry.code, entry.message]));
  for (const rule of model.rules) {
    if (rule.field !== undefined || broken.has(rule.rule)) continue;
    const message = messages.get(rule.error);
    if (message === undefined || !FIELD.test(message)) continue;
    ctx.bag.warning(
      'unfilled-placeholder',
      ctx.where.at(rule, 'error'),
      `The message of \`${rule.error}\` names {field}, but this rule does not name exactly one field of ${rule.entity}, so {field} would read "the values".`,
      'write the field names into the message, or give this rule a code of its own whose message does not use {field}',
    );
  }
}
