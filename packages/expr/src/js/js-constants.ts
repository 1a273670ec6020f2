import type { ConstantValue } from '@specrun/model';
import { toMoney } from '../money.js';
import { ERROR, bool, type JsValue } from './js-values.js';

/** A constant of section 9 (or an engine limit) as evaluate() binds it (see bindings.ts). */
export function celConstantOperand(value: ConstantValue): JsValue {
  switch (value.kind) {
    case 'number':
      return Number.isInteger(value.value)
        ? { k: 'int', v: BigInt(value.value) }
        : { k: 'double', v: value.value };
    case 'string':
      return { k: 'string', v: value.value };
    case 'boolean':
      return bool(value.value);
    case 'duration':
      return { k: 'duration', ms: value.milliseconds };
    case 'money': {
      const m = toMoney(value.amount, value.currency);
      return m ? { k: 'money', m } : ERROR;
    }
  }
}
