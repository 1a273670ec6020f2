import type { Expr } from '../ast.js';
import { celConstantOperand } from './js-constants.js';
import { compileJsCall } from './compile-js-call.js';
import { fieldExprType, fieldOf } from '../entity-fields.js';
import type { JsCompiler, JsNode, JsRoot } from './js-compiler.js';
import { ERROR, NULL, wireOperand, type JsValue } from './js-values.js';
import { constantValues } from '../constants.js';
import { literalDecimal } from '../literal-decimal.js';

/** Compiles one node of a checked tree into a function of the evaluation's context. */
export function compileJsNode(c: JsCompiler, expr: Expr): JsNode {
  const kind = expr.exprKind;
  switch (kind.case) {
    case 'identExpr':
      return compileName(c, expr, kind.value.name);
    case 'constExpr':
      return compileLiteral(c, expr);
    case 'selectExpr': {
      const { operand, field, testOnly } = kind.value;
      if (testOnly || !operand) return c.fail(expr, '`has()` is not evaluated here.');
      const root = operand.exprKind.case === 'identExpr' ? operand.exprKind.value.name : '';
      const entity = c.roots.get(root);
      if (!entity) return c.fail(expr, `\`.${field}\` reads another record than the one given.`);
      return readField(c, expr, root as JsRoot, entity, field);
    }
    case 'callExpr':
      return compileJsCall(c, expr, kind.value);
    case 'listExpr': {
      const items = kind.value.elements.map((e) => compileJsNode(c, e));
      return (ctx) => ({ k: 'list', items: items.map((item) => item(ctx)) });
    }
    default:
      return c.fail(expr, 'This is not evaluated here.');
  }
}

function compileName(c: JsCompiler, expr: Expr, name: string): JsNode {
  if (name === 'now') return (ctx) => ({ k: 'timestamp', ms: ctx.nowMs });
  const entity = c.roots.get(name);
  if (entity) {
    // A record as a value stands for its id, as the operators read a reference.
    const root = name as JsRoot;
    return (ctx) => {
      const value = ctx.values[root];
      return value === null || value === undefined ? NULL : { k: 'ref', id: value.id ?? null };
    };
  }
  const constant = constantValues(c.model).get(name);
  if (constant) {
    const value = celConstantOperand(constant);
    return () => value;
  }
  return c.fail(expr, `\`${name}\` has no value here.`);
}

function compileLiteral(c: JsCompiler, expr: Expr): JsNode {
  if (expr.exprKind.case !== 'constExpr') return c.fail(expr, 'Not a literal.');
  const constant = expr.exprKind.value.constantKind;
  let value: JsValue;
  switch (constant.case) {
    case 'int64Value':
      value = { k: 'int', v: constant.value };
      break;
    case 'doubleValue': {
      const d = literalDecimal(c.source, c.parsed, expr);
      if (!d) return c.fail(expr, 'This number is not evaluated here.');
      value = { k: 'decimal', d };
      break;
    }
    case 'stringValue':
      value = { k: 'string', v: constant.value };
      break;
    case 'boolValue':
      value = { k: 'bool', v: constant.value };
      break;
    case 'nullValue':
      value = NULL;
      break;
    default:
      return c.fail(expr, 'This literal is not evaluated here.');
  }
  return () => value;
}

/** `root.field`: the stored value, read as its type; a field of no record is an error. */
function readField(c: JsCompiler, expr: Expr, root: JsRoot, entity: string, name: string): JsNode {
  const field = fieldOf(c.model, entity, name);
  if (!field) return c.fail(expr, `${entity} has no field \`${name}\`.`);
  if (field.rules.some((r) => r.kind === 'computed'))
    return c.fail(expr, `${entity}.${name} is computed, not stored.`);
  const type = fieldExprType(c.model, entity, field);
  return (ctx) => {
    const record = ctx.values[root];
    if (record === null || record === undefined) return ERROR;
    return wireOperand(record[name], type);
  };
}
