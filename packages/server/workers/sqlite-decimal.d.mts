export function decimalArithmetic(op: unknown, a: unknown, b: unknown): string | null;
export function decimalCompare(a: unknown, b: unknown): bigint | null;
export function decimalSortKey(value: unknown): string | null;
type Step = (total: string | null, next: unknown) => string | null;
export const decimalSumStep: Step;
export const decimalMinStep: Step;
export const decimalMaxStep: Step;
export function registerDecimalFunctions(db: unknown): void;
