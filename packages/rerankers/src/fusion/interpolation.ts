import { checkRerankArguments } from '../check-rerank-arguments.js';
import { rankHits } from '../rank-hits.js';
import type { Reranker, RerankHit, RerankOptions } from '../types.js';
import { addRerankUsage, emptyRerankUsage } from '../usage.js';
import { combinedInfo } from './combined-info.js';
import { difference } from './reciprocal-rank-fusion.js';

/** Default weight of the reranker in {@link createInterpolation}. */
export const DEFAULT_INTERPOLATION_ALPHA = 0.5;

/**
 * Min-max scaling of `values` to [0, 1]; all-equal values (or a single one) map to 0.
 *
 * @example
 * minMax([2, 4, 3]); // Float64Array [0, 1, 0.5]
 */
export function minMax(values: ArrayLike<number>): Float64Array {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    lo = Math.min(lo, values[i] as number);
    hi = Math.max(hi, values[i] as number);
  }
  const span = hi - lo;
  return Float64Array.from({ length: values.length }, (_, i) => (span > 0 ? ((values[i] as number) - lo) / span : 0));
}

/**
 * Score interpolation with the first stage: `score = alpha · minMax(reranker score) + (1 − alpha) · minMax(first-stage
 * score)`, both scaled per query over the candidates; `rawScore` is the reranker's own score. Needs
 * `firstStageScores` in `rerank()` options (a `TypeError` without them). Non-finite reranker scores (±∞ from a
 * saturated yes/no) are clamped to the finite range first.
 *
 * @example
 * const blended = createInterpolation(crossEncoder, { alpha: 0.7 });
 * await blended.rerank(query, snippets, { firstStageScores: similarities });
 */
export function createInterpolation(reranker: Reranker, options: { alpha?: number } = {}): Reranker {
  const alpha = options.alpha ?? DEFAULT_INTERPOLATION_ALPHA;
  if (!(alpha >= 0 && alpha <= 1)) {
    throw new RangeError(`@execret/rerankers interpolation: alpha must be in [0, 1], received ${alpha}`);
  }
  const info = combinedInfo(
    `interpolate(${reranker.info.id},${alpha})`,
    'interpolation',
    [reranker.info],
    { alpha, normalization: 'min-max' },
    false,
    'https://github.com/execret/execret/tree/main/packages/rerankers#fusion-and-cascades',
  );
  let totals = emptyRerankUsage(false);
  return {
    info,
    async rerank(query, candidates, opts: RerankOptions = {}): Promise<RerankHit[]> {
      checkRerankArguments(query, candidates, opts, 'interpolation');
      const first = opts.firstStageScores;
      if (first === undefined) {
        throw new TypeError('@execret/rerankers interpolation: rerank() needs options.firstStageScores');
      }
      const before = reranker.usage();
      const hits = await reranker.rerank(query, candidates, { ...opts, topN: undefined });
      const own = new Float64Array(candidates.length);
      for (const hit of hits) own[hit.index] = hit.score;
      const finite = Array.from(own).filter(Number.isFinite);
      const lo = finite.length ? Math.min(...finite) : 0;
      const hi = finite.length ? Math.max(...finite) : 0;
      const clamped = own.map((s) => (s === Number.POSITIVE_INFINITY ? hi : s === Number.NEGATIVE_INFINITY ? lo : s));
      const a = minMax(clamped);
      const b = minMax(first);
      const scores = a.map((x, i) => alpha * x + (1 - alpha) * (b[i] as number));
      totals = addRerankUsage(totals, { ...difference(reranker.usage(), before), calls: 1 });
      return rankHits(scores, own, opts.topN);
    },
    usage: () => totals,
    close: () => reranker.close(),
  };
}
