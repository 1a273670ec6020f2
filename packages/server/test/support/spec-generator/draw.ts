import fc from 'fast-check';

/**
 * Choices drawn from fast-check's `gen()`: each one a shrinkable value, so a failing
 * specification shrinks towards fewer entities, fields and rows, and simpler expressions.
 */
export class Draw {
  constructor(private readonly g: fc.GeneratorValue) {}

  /** One of the items. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('nothing to pick from');
    return items[this.int(0, items.length - 1)]!;
  }

  /** A whole number from min to max, both included; shrinks towards min. */
  int(min: number, max: number): number {
    return this.g(fc.integer, { min, max });
  }

  /** True with probability p; shrinks towards false. */
  chance(p: number): boolean {
    return p > 0 && this.g(fc.integer, { min: 0, max: 999 }) >= 1000 - p * 1000;
  }

  /** Some of the items, in their order: between min and max of them. */
  some<T>(items: readonly T[], min = 0, max = items.length): T[] {
    const kept = this.g(fc.subarray, [...items], {
      minLength: Math.min(min, items.length),
      maxLength: Math.min(max, items.length),
    });
    return kept;
  }
}
