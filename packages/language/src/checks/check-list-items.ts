import { whyNotInDatabase } from '@specrun/expr';
import type { AppModel, Expression } from '@specrun/model';
import { expressionSites, type ExpressionSite } from '../expressions/expression-sites.js';
import type { ReadContext } from '../read-context.js';
import { analysedExpression } from './analysed-expression.js';

const HINT =
  'test the items in a rule, a guard or a computed value with `exists`, `all` or `exists_one` (the database runs those), or count them with count(); here only the items themselves (their ids) can be used';

// Sites the server always works out itself, with the record's values in hand.
const ON_SERVER = new Set(['default', 'value', 'effect value']);
// Sites that run in the database when they compile to SQL, and on the server when they do not.
const EITHER = new Set(['rule', 'initial state condition', 'guard']);

/**
 * The first field of a referenced item that an expression (or a guard's part, from `offset`)
 * reads where the server works it out, if any: there a `list of` references is a list of ids.
 */
function readOnServer(site: ExpressionSite, model: AppModel) {
  const { source } = site.expression;
  const whole = analysedExpression(source, model, site.scope);
  if (!whole || whole.itemReads.length === 0) return undefined;
  if (ON_SERVER.has(site.what)) return { read: whole.itemReads[0]!, offset: 0 };
  if (!EITHER.has(site.what)) return undefined;
  // A guard runs part by part: a part reading `input` is worked out on the server.
  const parts = site.what === 'guard' ? whole.conjuncts : [{ source, offset: 0 }];
  for (const part of parts) {
    const facts = analysedExpression(part.source, model, site.scope);
    const read = facts?.itemReads[0];
    if (!read || facts.counts.length > 0) continue;
    const input = site.what === 'guard' && facts.names.has('input');
    if (input || whyNotInDatabase(part.source, model, site.scope))
      return { read, offset: part.offset };
  }
  return undefined;
}

/**
 * A macro over a `list of` references that reads a field of its items (`t.name` in
 * `record.tags.filter(t, t.name == "x")`) holds only in the database, which has the referenced
 * records; where the server works an expression out, the list is of ids and every such read
 * would be empty, the answer silently wrong. An error at the read, before anything runs.
 */
export function checkListItems(model: AppModel, ctx: ReadContext): void {
  for (const site of expressionSites(model)) {
    const found = readOnServer(site, model);
    if (!found) continue;
    const { read, offset } = found;
    const expression: Expression = site.expression;
    const building = read.macro === 'map' || read.macro === 'filter';
    const why = building
      ? `\`${read.macro}\` builds a list, which only the server can`
      : `this ${site.what} is worked out on the server`;
    ctx.bag.error(
      'list-item-field-on-server',
      // At the variable: `t` of `t.name` (the read's offset is its dot).
      ctx.where.inExpression(expression, offset + read.offset - read.variable.length),
      `\`${read.variable}.${read.field}\` reads a field of each ${read.entity} in the list, but ${why}, where a list of references holds only their ids.`,
      HINT,
    );
  }
}
