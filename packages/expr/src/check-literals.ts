import type { ConstantNode, Expr, StructNode } from './ast.js';
import type { Checker } from './checker.js';
import { unify } from './type-rules.js';
import { DYN, type ExprType } from './types.js';

/** The type of a literal. */
export function checkConstant(constant: ConstantNode): ExprType {
  switch (constant.constantKind.case) {
    case 'int64Value':
      return { kind: 'int' };
    case 'uint64Value':
      return { kind: 'uint' };
    case 'doubleValue':
      return { kind: 'double' };
    case 'stringValue':
      return { kind: 'string' };
    case 'boolValue':
      return { kind: 'bool' };
    case 'bytesValue':
      return { kind: 'bytes' };
    case 'nullValue':
      return { kind: 'null' };
    default:
      return DYN;
  }
}

/** A list literal: the common type of its elements. */
export function checkList(checker: Checker, elements: Expr[]): ExprType {
  let element: ExprType = { kind: 'null' };
  for (const e of elements) element = unify(element, checker.check(e));
  return { kind: 'list', element: element.kind === 'null' ? DYN : element };
}

/** A map literal (`{"a": 1}`); message construction is not part of the language. */
export function checkStruct(checker: Checker, expr: Expr, node: StructNode): ExprType {
  if (node.messageName !== '') {
    checker.report('unknown-name', `Unknown type \`${node.messageName}\`.`, checker.offset(expr), {
      length: node.messageName.length,
    });
  }
  let key: ExprType = { kind: 'null' };
  let value: ExprType = { kind: 'null' };
  for (const entry of node.entries) {
    if (entry.keyKind.case === 'mapKey') key = unify(key, checker.check(entry.keyKind.value));
    if (entry.value) value = unify(value, checker.check(entry.value));
  }
  if (node.messageName !== '') return DYN;
  return {
    kind: 'map',
    key: key.kind === 'null' ? DYN : key,
    value: value.kind === 'null' ? DYN : value,
  };
}
