import { describe, expect, it } from 'vitest';
import { poolOrderRows } from './pool-order-rows.js';

describe('poolOrderRows', () => {
  const data = Float32Array.of(1, 1, 2, 2, 3, 3);

  it('reorders rows by their stored ids when the matrix has them', () => {
    expect(Array.from(poolOrderRows({ data, dims: 2, ids: ['c', 'a', 'b'] }, ['a', 'b', 'c'], null, 'm.npz'))).toEqual([
      2, 2, 3, 3, 1, 1,
    ]);
  });

  it('takes rows in file order when there are no ids, and as they are when that is the pool order', () => {
    expect(Array.from(poolOrderRows({ data, dims: 2 }, ['a', 'b', 'c'], Int32Array.of(2, 0, 1), 'm.npz'))).toEqual([
      3, 3, 1, 1, 2, 2,
    ]);
    expect(poolOrderRows({ data, dims: 2 }, ['a', 'b', 'c'], null, 'm.npz')).toBe(data);
  });

  it('throws naming the file and the id when an id of the dataset has no row', () => {
    expect(() => poolOrderRows({ data, dims: 2, ids: ['a', 'b', 'x'] }, ['a', 'b', 'c'], null, 'm.npz')).toThrow(
      'execret: m.npz: id "c" of the dataset has no row',
    );
  });
});
