/**
 * The source column of each character of a run of text that was read from one line: the
 * column of character `i` is `base + i`, plus one for every source character skipped before it
 * (the `\` of an escaped `\|`, a code span's backticks). Kept as a base and a few skips rather
 * than an array per character: the reader makes one for every cell and code span of a document,
 * and arrays of that size were a quarter of parse time in garbage collection.
 */
const NO_SKIPS: readonly number[] = [];

export class ColumnMap {
  /**
   * @param base column of character 0
   * @param length characters in the run; `at(length)` is the column just after it
   * @param skips indices after which one source character was skipped, ascending
   */
  constructor(
    readonly base: number,
    readonly length: number,
    private readonly skips: readonly number[] = NO_SKIPS,
  ) {}

  /** A run whose characters sit in consecutive columns. */
  static straight(base: number, length: number): ColumnMap {
    return new ColumnMap(base, length);
  }

  /** The column of character `index`, clamped to the run (its end included). */
  at(index: number): number {
    const i = Math.max(0, Math.min(index, this.length));
    let column = this.base + i;
    for (const skip of this.skips) {
      if (skip >= i) break;
      column++;
    }
    return column;
  }

  /** The columns of characters `start` to `end` (exclusive) as a run of their own. */
  slice(start: number, end: number): ColumnMap {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(from, Math.min(end, this.length));
    const skips: number[] = [];
    for (const skip of this.skips) if (skip >= from && skip < to) skips.push(skip - from);
    return new ColumnMap(this.at(from), to - from, skips);
  }

  /** Every column, one past the end included: for tests and diagnostics only. */
  toArray(): number[] {
    return Array.from({ length: this.length + 1 }, (_, i) => this.at(i));
  }
}
