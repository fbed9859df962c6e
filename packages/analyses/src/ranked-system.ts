import type { GroupScores } from './group-scores.js';
import type { PoolView } from './pool-view.js';
import type { SystemRanking } from './rank-system.js';

/**
 * A ranked system as evaluation takes it: a first stage's {@link SystemRanking}, or a system whose run comes in a
 * given order with rank-derived scores (`similarity: 'rank'`, such as a reranked two-stage system).
 */
export type RankedSystem = Omit<SystemRanking, 'similarity'> & {
  readonly similarity: SystemRanking['similarity'] | 'rank';
};

/** A run given in its final order, with rank-derived scores: what {@link rankDerivedSystem} takes. */
export interface OrderedRun {
  readonly id: string;
  readonly configHash: string;
  readonly provider: string;
  /** Per query, the run's documents best first. */
  readonly runDocs: readonly Int32Array[];
  /** Scores aligned with `runDocs`, strictly decreasing. */
  readonly runScores: readonly Float64Array[];
}

/**
 * The {@link RankedSystem} of a run given in its final order: `similarity` `'rank'`, no cut tie group, no ablation
 * (the pool-density ablation is not re-ordered), and group scores from the run itself: each query's first
 * canonical and paired distractors get their run score, 0 when they are not in the run (so two members outside it
 * tie, and a tie is never a deception), `NaN` for a query without a canonical.
 *
 * @example
 * const system = rankDerivedSystem(pool, { id: 'bm25>>x', configHash, provider: 'x', runDocs, runScores });
 * system.group.canonical[0]; // the canonical's rank-derived score, or 0 outside the run
 */
export function rankDerivedSystem(pool: PoolView, run: OrderedRun): RankedSystem {
  return {
    id: run.id,
    similarity: 'rank',
    configHash: run.configHash,
    provider: run.provider,
    runDocs: run.runDocs,
    runScores: run.runScores,
    truncatedTieGroups: 0,
    group: runGroupScores(pool, run.runDocs, run.runScores),
    ablation: [],
  };
}

function runGroupScores(
  pool: PoolView,
  runDocs: readonly Int32Array[],
  runScores: readonly Float64Array[],
): GroupScores {
  const canonical = new Float64Array(pool.queryIds.length);
  const distractors = pool.queryIds.map((_, q) => {
    const score = new Map<number, number>();
    runDocs[q]!.forEach((d, i) => {
      score.set(d, runScores[q]![i]!);
    });
    const first = pool.canonicals[q]![0];
    canonical[q] = first === undefined ? Number.NaN : (score.get(first) ?? 0);
    return Float64Array.from(pool.distractors[q]!, (d) => score.get(d) ?? 0);
  });
  return { canonical, distractors };
}
