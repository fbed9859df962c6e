import { checkRerankArguments } from '../check-rerank-arguments.js';
import type { Reranker, RerankHit, RerankOptions } from '../types.js';
import { addRerankUsage, emptyRerankUsage } from '../usage.js';
import { combinedInfo } from './combined-info.js';
import { difference } from './reciprocal-rank-fusion.js';

/**
 * A cheap → expensive cascade: `cheap` ranks every candidate, `expensive` re-ranks the cheap ranking's top `depth`,
 * and the rest follow in the cheap order. Each hit's `rawScore` is the score of the stage that placed it; `score`
 * is `n − position` (so the combined order is strictly decreasing and comparable across stages).
 *
 * @example
 * const cascade = createCascade(crossEncoder, listwiseLlm, { depth: 5 });
 * await cascade.rerank(query, top20); // the LLM sees only the cross-encoder's top 5
 */
export function createCascade(cheap: Reranker, expensive: Reranker, options: { depth: number }): Reranker {
  const { depth } = options;
  if (!Number.isInteger(depth) || depth < 1) {
    throw new RangeError(`@execret/rerankers cascade: depth must be an integer >= 1, received ${depth}`);
  }
  const info = combinedInfo(
    `cascade(${cheap.info.id},${expensive.info.id},${depth})`,
    'cascade',
    [cheap.info, expensive.info],
    { depth },
    false,
    'https://doi.org/10.1145/2009916.2009934',
  );
  let totals = emptyRerankUsage(false);
  return {
    info,
    async rerank(query, candidates, opts: RerankOptions = {}): Promise<RerankHit[]> {
      checkRerankArguments(query, candidates, opts, 'cascade');
      const beforeCheap = cheap.usage();
      const beforeExpensive = expensive.usage();
      const first = await cheap.rerank(query, candidates, { ...opts, topN: undefined });
      const head = first.slice(0, depth);
      const second = await expensive.rerank(
        query,
        head.map((h) => candidates[h.index] as string),
        {
          ...opts,
          topN: undefined,
          ...(opts.firstStageScores === undefined ? {} : { firstStageScores: head.map((h) => h.score) }),
        },
      );
      const ordered = [
        ...second.map((h) => ({ index: (head[h.index] as RerankHit).index, rawScore: h.rawScore })),
        ...first.slice(depth).map((h) => ({ index: h.index, rawScore: h.rawScore })),
      ];
      const n = ordered.length;
      const hits = ordered.map((h, position) => ({ index: h.index, score: n - position, rawScore: h.rawScore }));
      totals = addRerankUsage(
        totals,
        addRerankUsage(difference(cheap.usage(), beforeCheap), {
          ...difference(expensive.usage(), beforeExpensive),
          calls: 1,
        }),
      );
      return opts.topN === undefined ? hits : hits.slice(0, opts.topN);
    },
    usage: () => totals,
    close: async () => {
      await cheap.close();
      await expensive.close();
    },
  };
}
