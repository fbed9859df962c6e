import { retentionOrder } from '@execret/dataset';
import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { distractorRetentionOrders } from './retention-orders.js';

const pool = testPool();

describe('distractorRetentionOrders', () => {
  it("is the dataset's seeded retention order of each query's distractors, as document indices", () => {
    const order = distractorRetentionOrders(pool, 20260510);
    const ids = ['c_07', 'c_08', 'c_09'];
    expect(Array.from(order(2), (d) => pool.docIds[d])).toEqual(retentionOrder(ids, 'q_3', 20260510));
    expect(Array.from(order(2)).sort()).toEqual([6, 7, 8]);
  });
});
