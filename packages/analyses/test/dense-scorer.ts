import { createMatrixScorer } from '../src/matrix-scorer.js';
import type { PoolView } from '../src/pool-view.js';
import type { Scorer } from '../src/scorer.js';

/**
 * A two-dimensional dense scorer over the three-query pool (`testPool()`): each query points at its canonical, but
 * c_02 points exactly the way q_1 does (an exact tie with the canonical c_01, which the id-descending rule breaks
 * against the canonical), so exec@1 is 2/3.
 */
export function denseScorer(pool: PoolView): Scorer {
  return createMatrixScorer(
    pool,
    { id: 'dense', provider: 'test', configHash: 'h', similarity: 'cosine' },
    Float32Array.of(1, 0, 0, 1, 1, 1),
    Float32Array.of(
      1,
      0, // c_01 canonical q_1
      1,
      0, // c_02 ties c_01 for q_1
      0.5,
      1, // c_03
      0,
      1, // c_04 canonical q_2
      0.1,
      1, // c_05
      1,
      1, // c_06 canonical q_3
      1,
      0.9, // c_07
      -1,
      -1, // c_08
      0.9,
      1, // c_09
    ),
    2,
  );
}
