import type { ConstantValue } from '@specrun/model';
import { toDecimal } from '../decimal.js';
import { toMoney } from '../money.js';
import { ERROR, bool, type JsValue } from './js-values.js';

/** A constant of section 9 (or an engine limit) as evaluate() binds it (see bindings.ts). */
export function celConstantOperand(value: ConstantValue): JsValue {
  switch (value.kind) {
    case 'number': {
      if (Number.isInteger(value.value)) return { k: 'int', v: BigInt(value.value) };
      const d = toDecimal(value.value);
      return d ? { k: 'decimal', d } : ERROR;
    }
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
