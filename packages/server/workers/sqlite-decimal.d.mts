export function decimalArithmetic(op: unknown, a: unknown, b: unknown): string | null;
export function decimalCompare(a: unknown, b: unknown): bigint | null;
export function decimalSortKey(value: unknown): string | null;
export function registerDecimalFunctions(db: unknown): void;
