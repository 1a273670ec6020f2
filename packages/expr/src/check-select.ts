import type { Expr, SelectNode } from './ast.js';
import type { Checker } from './checker.js';
import { didYouMean } from '@specrun/model';
import { fieldExprType, fieldOf, fieldsOf } from './entity-fields.js';
import { BOOL, DYN, typeName, type ExprType } from './types.js';

/** `a.b` and `has(a.b)`: a field of a record, a key of a map, anything of dyn. */
export function checkSelect(checker: Checker, expr: Expr, node: SelectNode): ExprType {
  if (!node.operand) return DYN;
  const operand = checker.check(node.operand);
  const type = fieldType(checker, operand, node.field, checker.nameOffset(expr, node.field));
  return node.testOnly ? BOOL : type;
}

/** The type of `field` on a value of type `operand`, reporting unknown fields at `offset`. */
export function fieldType(
  checker: Checker,
  operand: ExprType,
  field: string,
  offset: number,
): ExprType {
  switch (operand.kind) {
    case 'dyn':
      return DYN;
    case 'map':
      return operand.value;
    case 'record': {
      const found = fieldOf(checker.model, operand.entity, field);
      if (found) {
        checker.refs.field(operand.entity, field);
        return fieldExprType(checker.model, operand.entity, found);
      }
      checker.report('unknown-field', `${operand.entity} has no field \`${field}\`.`, offset, {
        // The names to suggest from are listed only when one is needed.
        hint: didYouMean(
          field,
          fieldsOf(checker.model, operand.entity).map((f) => f.name),
        ),
        length: field.length,
      });
      return DYN;
    }
    default:
      checker.report(
        'type-mismatch',
        `A value of type ${typeName(operand)} has no field \`${field}\`.`,
        offset,
        {
          length: field.length,
        },
      );
      return DYN;
  }
}
