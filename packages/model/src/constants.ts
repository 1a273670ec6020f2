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
