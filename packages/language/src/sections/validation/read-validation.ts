import type { RuleTrigger, ValidationRule } from '@specrun/model';
import type { RootContent, Table } from 'mdast';
import { didYouMean } from '@specrun/model';
import { readExpression } from '../../expressions/read-expression.js';
import type { ReadContext } from '../../read-context.js';
import { cellOf, readTable, type Row } from '../tables/read-table.js';
import { atItem, splitItems } from '../tables/split-items.js';

const COLUMNS = [
  { name: 'entity', required: true },
  { name: 'rule', required: true },
  { name: 'error' },
  { name: 'on' },
];
const TRIGGERS: RuleTrigger[] = ['create', 'update', 'delete'];

function readTriggers(row: Row, rule: ValidationRule, ctx: ReadContext): RuleTrigger[] {
  const items = splitItems(cellOf(row, 'on').segments);
  if (items.length === 0) return ['create', 'update'];
  const on: RuleTrigger[] = [];
  for (const item of items) {
    const word = item.text.toLowerCase();
    if (TRIGGERS.includes(word as RuleTrigger)) {
      if (!on.includes(word as RuleTrigger)) on.push(word as RuleTrigger);
    } else {
      ctx.bag.error(
        'unknown-trigger',
        atItem(item),
        `\`${item.text}\` is not when a rule runs.`,
        didYouMean(word, TRIGGERS) ?? 'write create, update, both, or delete',
      );
    }
  }
  ctx.where.set(rule, 'on', cellOf(row, 'on'));
  // On delete there is no record as it would be saved, only `old`: one scope per rule.
  if (on.includes('delete') && on.length > 1) {
    ctx.bag.error(
      'mixed-delete-trigger',
      cellOf(row, 'on'),
      'A rule that runs on delete runs on delete only: it sees `old`, the record being deleted, and no record as it would be saved.',
      'write the rule for delete on a row of its own, with `On: delete`',
    );
    return on.filter((t) => t !== 'delete');
  }
  return on;
}

function readRule(row: Row, ctx: ReadContext): ValidationRule | undefined {
  const entity = cellOf(row, 'entity');
  if (entity.text === '') {
    ctx.bag.error(
      'empty-cell',
      entity,
      'This rule names no entity.',
      'write the entity the rule checks',
    );
    return undefined;
  }
  const source = cellOf(row, 'rule');
  if (source.text === '') {
    ctx.bag.error(
      'empty-cell',
      source,
      'This rule has no condition.',
      'write the condition in backticks',
    );
    return undefined;
  }
  const expression = readExpression(source, ctx, 'rule');
  if (!expression) return undefined;
  const error = cellOf(row, 'error');
  const rule: ValidationRule = {
    entity: entity.text,
    rule: expression,
    error: error.text || 'VALIDATION_FAILED',
    on: [],
    line: row.line,
  };
  rule.on = readTriggers(row, rule, ctx);
  ctx.where.set(rule, 'entity', entity);
  ctx.where.set(rule, 'error', error.text === '' ? row : error);
  return rule;
}

/**
 * Reads section 5: rows of Entity, Rule, Error and On (blank On means create and update; `delete`
 * stands alone).
 */
export function readValidation(body: readonly RootContent[], ctx: ReadContext): ValidationRule[] {
  const rules: ValidationRule[] = [];
  for (const table of body.filter((n): n is Table => n.type === 'table')) {
    for (const row of readTable(table, COLUMNS, ctx) ?? []) {
      const rule = readRule(row, ctx);
      if (rule) rules.push(rule);
    }
  }
  return rules;
}
