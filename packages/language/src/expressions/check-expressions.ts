import { checkExpression, type CheckResult, type ExprIssueCode } from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import type { ReadContext } from '../read-context.js';
import { expressionSites, type ExpressionSite } from './expression-sites.js';

/** The issue codes of @specrun/expr, which become diagnostic codes unchanged. */
export const EXPRESSION_CODES: Record<ExprIssueCode, string> = {
  'expression-syntax': 'The expression is not valid CEL.',
  'unknown-name': 'The expression names something not in scope.',
  'unknown-field': 'The expression reads a field the entity does not have.',
  'unknown-entity': 'The expression names an entity that does not exist.',
  'unknown-function': 'The expression calls a function CEL and specrun do not have.',
  'unknown-enum-value': 'The expression compares with a value the enum or state does not have.',
  'type-mismatch': 'The expression combines values of types that do not fit.',
  'invalid-duration': 'The expression holds a duration that cannot be read.',
  'invalid-date': 'The expression makes a date or a time of day that does not exist.',
  'invalid-pattern': 'The expression holds a regular expression the linear-time engine cannot run.',
};

const codeOf = (code: string): string => (code in EXPRESSION_CODES ? code : 'expression-syntax');

function report(site: ExpressionSite, result: CheckResult, ctx: ReadContext): void {
  for (const issue of result.issues) {
    const start = ctx.where.inExpression(site.expression, issue.offset);
    const at = {
      ...start,
      ...(issue.length
        ? {
            endLine: start.line,
            endColumn: ctx.where.inExpression(site.expression, issue.offset + issue.length).column,
          }
        : {}),
    };
    ctx.bag.error(codeOf(issue.code), at, `In this ${site.what}: ${issue.message}`, issue.hint);
  }
  if (
    site.condition &&
    result.type !== undefined &&
    result.type !== 'bool' &&
    result.type !== 'dyn'
  ) {
    ctx.bag.error(
      'not-boolean',
      ctx.where.inExpression(site.expression, 0),
      `This ${site.what} gives a ${result.type}, not true or false.`,
      'write a comparison, such as `record.total > 0`',
    );
  }
}

/** The one field of its own entity that a rule names, if it names exactly one. */
function soleField(result: CheckResult, entity: string): string | undefined {
  const own = new Set(
    result.references.fields.filter((f) => f.entity === entity).map((f) => f.field),
  );
  return own.size === 1 ? [...own][0] : undefined;
}

/** An expression of the model with what checking it found. */
export interface CheckedSite {
  site: ExpressionSite;
  result: CheckResult;
}

/**
 * Type-checks every expression of the model through @specrun/expr, reporting each issue at
 * the document position of its token, and `not-boolean` for conditions that are not boolean.
 * Also sets each validation rule's `field` when the rule names one field of its entity only.
 * Returns every site with its result, for the checks that look further.
 */
export function checkExpressions(model: AppModel, ctx: ReadContext): CheckedSite[] {
  return expressionSites(model).map((site) => {
    const result = checkExpression(site.expression.source, model, site.scope);
    report(site, result, ctx);
    const field = site.rule && soleField(result, site.rule.entity);
    if (site.rule && field !== undefined) site.rule.setField(field);
    return { site, result };
  });
}
