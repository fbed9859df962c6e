import { DEFAULT_EXEC_RERANK_SEED } from '../defaults.js';
import { buildExecReranker } from '../exec-reranker.js';
import { PYTHON_LANGUAGE } from '../python/language.js';
import { seededPick } from '../seeded-pick.js';
import type { ExecReranker, ExecRerankerOptions } from '../types.js';
import { execRerankerSettings } from './exec-reranker-settings.js';

/**
 * `exec/random-clone`: the chance baseline of the near-clone group. One member of the top candidate's group
 * (same function name and parameter count) is picked by `seededPick(seed, <code hashes of the group>)` and moved
 * to the top (score and raw score 1); every other candidate follows in first-stage order (0). Nothing is executed
 * and the query is never read. When the top candidate defines no function, the group is the top candidate alone.
 * Its `prefill` does nothing: a shard has no share of its work.
 *
 * @example
 * const reranker = createRandomCloneReranker({ seed: 7 });
 * reranker.info.params.seed; // 7
 */
export function createRandomCloneReranker(options: ExecRerankerOptions = {}): ExecReranker {
  const language = options.language ?? PYTHON_LANGUAGE;
  const seed = options.seed ?? DEFAULT_EXEC_RERANK_SEED;
  const settings = execRerankerSettings({
    id: 'exec/random-clone',
    method: 'exec-random-clone',
    model: 'random-clone',
    instruction: null,
    params: { language: language.id, seed, group: 'top-signature', pick: 'sha256-mulberry32' },
    sources: {},
    notes:
      'Artifact baseline: a seeded random pick among the near-clones of the top candidate; expected exec@1 is 1/|group| per query.',
  });
  return buildExecReranker(
    settings,
    language,
    undefined,
    seed,
    async (ctx) => {
      const n = ctx.candidates.length;
      const group = ctx.group.length > 0 ? ctx.group : [0];
      const picked = group[
        seededPick(
          seed,
          group.map((i) => ctx.codeHashes[i] as string),
        )
      ] as number;
      const scores = new Float64Array(n);
      scores[picked] = 1;
      return { scores, rawScores: scores, audit: { picked }, querySha256: null };
    },
    async () => {},
  );
}
