import { describe, expect, it } from 'vitest';
import { ColumnMap } from './column-map.js';

describe('ColumnMap', () => {
  it('counts consecutive columns from its base, the end included', () => {
    expect(ColumnMap.straight(5, 3).toArray()).toEqual([5, 6, 7, 8]);
  });

  it('moves every character after a skip one column on', () => {
    // `a\|b`: the pipe stands at its backslash (column 2), `b` at column 4.
    const map = new ColumnMap(1, 3, [1]);
    expect(map.toArray()).toEqual([1, 2, 4, 5]);
  });

  it('slices keep the columns of the characters they hold', () => {
    const map = new ColumnMap(10, 6, [1, 3]);
    const whole = map.toArray();
    for (let start = 0; start <= 6; start++) {
      for (let end = start; end <= 6; end++) {
        expect(map.slice(start, end).toArray()).toEqual(whole.slice(start, end + 1));
      }
    }
  });

  it('clamps positions outside the run to its ends', () => {
    const map = ColumnMap.straight(3, 2);
    expect([map.at(-4), map.at(9)]).toEqual([3, 5]);
  });
});
