/** A constant's typed value. Money and decimals stay strings so no float ever touches them. */
export type ConstantValue =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'duration'; milliseconds: number; source: string }
  | { kind: 'money'; amount: string; currency: string };

/** A business constant of section 9, or an engine limit with its default. */
export interface Constant {
  name: string;
  value: ConstantValue;
  meaning: string;
  /** True when the engine defines it; `line` is set when the spec sets its value. */
  engine: boolean;
  line?: number;
}

/** A constant as a person reads it in a message: `25.00 EUR`, `72h`, `5` (as section 9 writes it). */
export function formatConstant(constant: Constant): string {
  const value = constant.value;
  switch (value.kind) {
    case 'money':
      return `${value.amount} ${value.currency}`;
    case 'duration':
      return value.source;
    default:
      return String(value.value);
  }
}
