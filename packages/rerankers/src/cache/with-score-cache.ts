import { sha256Hex } from '@execret/formats';
import { checkRerankArguments } from '../check-rerank-arguments.js';
import { rankHits } from '../rank-hits.js';
import type { Reranker, RerankHit, RerankOptions } from '../types.js';
import type { ScoreCache, ScoreRecord } from './score-cache.js';

/**
 * A reranker that answers from `cache` what it can and asks `reranker` only for the rest, storing every new score
 * as soon as it arrives. Keys are (`info.configHash`, SHA-256 of the query, SHA-256 of the candidate, context):
 * for a pointwise reranker the context is `null` and only the missing candidates are sent (in their first-stage
 * order); for a list-dependent one (listwise, pairwise, fusion) the context is the hash of the whole ordered
 * candidate list, and the list is reranked whole unless every candidate is cached. Results are ranked from the
 * cached and new scores exactly as the reranker ranks them (ties keep first-stage order), so a rerun returns the
 * same hits. `usage()` is the inner reranker's (cached pairs cost nothing).
 *
 * @example
 * const cached = withScoreCache(await createReranker('voyage/rerank-2.5', { apiKey }), await openScoreCache(path));
 * await cached.rerank(query, top10); // second time: no request
 */
export function withScoreCache(reranker: Reranker, cache: ScoreCache): Reranker {
  const { info } = reranker;
  return {
    info,
    usage: () => reranker.usage(),
    close: () => reranker.close(),
    async rerank(query, candidates, options: RerankOptions = {}): Promise<RerankHit[]> {
      checkRerankArguments(query, candidates, options, `${info.id} (cached)`);
      const q = sha256Hex(query);
      const hashes = candidates.map((c) => sha256Hex(c));
      const context = info.pointwise ? null : sha256Hex(hashes.join('\n'));
      const scores = new Float64Array(candidates.length);
      const raw = new Float64Array(candidates.length);
      const missing: number[] = [];
      hashes.forEach((h, i) => {
        const hit = cache.get(info.configHash, q, h, context);
        if (hit === undefined) missing.push(i);
        else {
          scores[i] = hit.score;
          raw[i] = hit.rawScore;
        }
      });
      if (missing.length > 0) {
        const ask = info.pointwise ? missing : candidates.map((_, i) => i);
        const askOptions: RerankOptions = {
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          ...(options.firstStageScores === undefined
            ? {}
            : { firstStageScores: ask.map((i) => options.firstStageScores?.[i] as number) }),
        };
        const hits = await reranker.rerank(
          query,
          ask.map((i) => candidates[i] as string),
          askOptions,
        );
        const records: ScoreRecord[] = hits.map((hit) => {
          const i = ask[hit.index] as number;
          scores[i] = hit.score;
          raw[i] = hit.rawScore;
          return {
            configHash: info.configHash,
            querySha256: q,
            snippetSha256: hashes[i] as string,
            contextSha256: context,
            score: hit.score,
            rawScore: hit.rawScore,
          };
        });
        cache.put(records);
      }
      return rankHits(scores, raw, options.topN);
    },
  };
}
