import type { DeceptionCell } from './bug-type-deception.js';
import type { CanonicalGap } from './canonical-gap.js';
import type { EditSpanDeception } from './edit-span-deception.js';
import type { MissAttribution } from './miss-attribution.js';
import type { MissExample } from './miss-examples.js';
import type { PoolDensityPoint } from './pool-density.js';

/** One system's analyses as a results folder keeps them (`analyses/<model>.json`), written by {@link evaluateSystem}. */
export interface SystemAnalyses {
  model: string;
  miss_attribution: MissAttribution;
  /** `gaps` with NaN (a query without a canonical) written as `null`. */
  canonical_gap: Omit<CanonicalGap, 'gaps'> & { gaps: (number | null)[] };
  deception_by_bug_type: Record<string, DeceptionCell>;
  deception_by_edit_span: EditSpanDeception;
  /** exec@1 and exec@10 with r = 0..4 paired distractors retained per query. */
  pool_density: ({ retained: number; pool_size: number } & Pick<PoolDensityPoint, 'exec@1' | 'exec@10'>)[];
  per_domain_exec_at_1: Record<string, { mean: number; n: number }>;
  /** A few rank-1 misses on the query's own near-clone, for the report's diffs. */
  rank1_miss_examples: MissExample[];
}
