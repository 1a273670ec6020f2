import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import { compileCall } from './compile-call.js';
import { compileComprehension } from './compile-comprehension.js';
import { inputValue } from './compile-input.js';
import type { SqlCompiler } from './compiler.js';
import { literal, numberLiteral } from './literal.js';
import { readField } from './read-field.js';
import { literalDecimal } from '../literal-decimal.js';
import type { SqlValue } from './sql-value.js';

/** Compiles one node of a checked tree. */
export function compileNode(c: SqlCompiler, expr: Expr): SqlValue {
  const kind = expr.exprKind;
  switch (kind.case) {
    case 'identExpr': {
      const value = c.lookup(kind.value.name);
      return value ?? c.fail(expr, `\`${kind.value.name}\` has no value in the database.`);
    }
    case 'constExpr':
      return compileConstant(c, expr);
    case 'selectExpr': {
      const { operand, field, testOnly } = kind.value;
      if (testOnly || !operand) return c.fail(expr, '`has()` cannot run in the database.');
      const record = compileNode(c, operand);
      if (record.kind === 'input') return inputValue(c, record, field, expr);
      if (record.kind !== 'ref' || !record.source)
        return c.fail(expr, `\`.${field}\` cannot be read in the database here.`);
      return readField(c, record, field, expr);
    }
    case 'callExpr':
      return compileCall(c, expr, kind.value);
    case 'listExpr': {
      const items = kind.value.elements.map((e) => compileNode(c, e));
      const list = { kind: 'literal', items } as const;
      return { kind: 'list', sql: () => sql`NULL`, nullable: false, errors: [], list };
    }
    case 'comprehensionExpr':
      return compileComprehension(c, expr, kind.value);
    default:
      return c.fail(expr, 'This cannot run in the database.');
  }
}

function compileConstant(c: SqlCompiler, expr: Expr): SqlValue {
  if (expr.exprKind.case !== 'constExpr') return c.fail(expr, 'Not a literal.');
  const constant = expr.exprKind.value.constantKind;
  const d = c.dialect;
  switch (constant.case) {
    case 'int64Value':
      return numberLiteral(d, constant.value, true);
    case 'doubleValue':
      return numberLiteral(d, constant.value, false, literalDecimal(c.source, c.parsed, expr));
    case 'stringValue':
      return literal(d, 'string', constant.value);
    case 'boolValue':
      return literal(d, 'bool', constant.value);
    case 'nullValue':
      return literal(d, 'null', null);
    default:
      return c.fail(expr, 'This literal cannot run in the database.');
  }
}
