import { createPoolView, type PoolView } from '@execret/analyses';
import input from '../../../fixtures/three-query-pool/pool.json' with { type: 'json' };

/**
 * The three-query pool of fixtures/three-query-pool (shared with `@execret/analyses`' tests): q_1 owns c_01
 * (canonical) + c_02, c_03; q_2 owns c_04 + c_05; q_3 owns c_06 + c_07, c_08, c_09.
 */
export function testPool(): PoolView {
  return createPoolView(input);
}
