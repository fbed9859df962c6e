import input from '../../../fixtures/three-query-pool/pool.json' with { type: 'json' };
import type { GroupScores } from '../src/group-scores.js';
import { createPoolView, type PoolView } from '../src/pool-view.js';

/**
 * A three-query pool for unit tests (fixtures/three-query-pool): q_1 owns c_01 (canonical) + c_02, c_03; q_2
 * owns c_04 + c_05; q_3 owns c_06 + c_07, c_08, c_09. Domains: geometry, geometry, validation.
 */
export function testPool(): PoolView {
  return createPoolView(input);
}

/**
 * Group scores over {@link testPool}:
 * - q_1: canonical 0.80, distractors 0.82 (wrong_operator, deceives) and 0.70 (off_by_one)
 * - q_2: canonical 0.90, distractor 0.90 (off_by_one, exact tie)
 * - q_3: canonical 0.50, distractors 0.60 (wrong_comparison), 0.40 (remove_edge_case_check), 0.55 (wrong_comparison)
 */
export function testGroupScores(): GroupScores {
  return {
    canonical: Float64Array.of(0.8, 0.9, 0.5),
    distractors: [Float64Array.of(0.82, 0.7), Float64Array.of(0.9), Float64Array.of(0.6, 0.4, 0.55)],
  };
}
