/**
 * The measure list of an `evaluate` call, parsed once and resolved into typed arrays so the per-query loop
 * switches on small integers.
 */

import { describeValue, MetricsError } from './errors.js';
import { type Measure, parseMeasure } from './parse-measure.js';

/** Measure kinds, as stored in {@link MeasurePlan.kinds}. */
export const EXEC = 0;
const PRECISION = 1;
export const NDCG = 2;
export const GAP = 3;
export const MRR = 4;

const KIND: Record<Measure['name'], number> = {
  exec: EXEC,
  execution_precision: PRECISION,
  ndcg: NDCG,
  exec_ndcg_gap: GAP,
  mrr: MRR,
};

/** The measures of one evaluation, column j describing the j-th measure string. */
export interface MeasurePlan {
  count: number;
  /** The measure strings as given (the keys of the result rows). */
  keys: string[];
  measures: Measure[];
  /** {@link EXEC}, {@link PRECISION}, {@link NDCG}, {@link GAP} or {@link MRR}. */
  kinds: Int32Array;
  /** k, or `+Infinity` for `mrr` without a cutoff. */
  cutoffs: Float64Array;
  /** The largest cutoff of a measure other than `mrr` (0 when there is none): how deep the top list goes. */
  maxK: number;
  /** Whether `mrr` is asked for (it needs the first passing document, wherever it is ranked). */
  wantRr: boolean;
  /** Whether nDCG is needed (`ndcg@k` or `exec_ndcg_gap@k`). */
  wantIdcg: boolean;
}

/**
 * Parses and checks a measure list: an array of at least one measure string, no two naming the same measure.
 *
 * @example
 * const plan = planMeasures(['exec@1', 'precision@5', 'mrr']);
 * plan.maxK;  // 5
 * plan.wantRr; // true
 */
export function planMeasures(measures: readonly string[]): MeasurePlan {
  if (!Array.isArray(measures)) {
    throw new TypeError(
      `@execret/metrics evaluate: expected measures to be an array of measure strings, received ${describeValue(measures)}`,
    );
  }
  if (measures.length === 0) {
    throw new RangeError(`@execret/metrics evaluate: expected at least one measure, e.g. ['exec@1', 'ndcg@10', 'mrr']`);
  }
  const byId = new Map<string, string>();
  const parsed = measures.map((key: string) => {
    const measure = parseMeasure(key);
    const earlier = byId.get(measure.id);
    if (earlier !== undefined) {
      throw new MetricsError(
        'duplicate-measure',
        `@execret/metrics evaluate: measures ${describeValue(earlier)} and ${describeValue(key)} both name ${measure.id}; list each measure once`,
        { measure: key },
      );
    }
    byId.set(measure.id, key);
    return measure;
  });
  const count = parsed.length;
  const kinds = new Int32Array(count);
  const cutoffs = new Float64Array(count);
  let maxK = 0;
  let wantRr = false;
  let wantIdcg = false;
  for (let j = 0; j < count; j++) {
    const m = parsed[j] as Measure;
    kinds[j] = KIND[m.name];
    cutoffs[j] = m.k ?? Number.POSITIVE_INFINITY;
    if (m.name === 'mrr') wantRr = true;
    else if (m.k !== null && m.k > maxK) maxK = m.k;
    if (m.name === 'ndcg' || m.name === 'exec_ndcg_gap') wantIdcg = true;
  }
  return { count, keys: [...measures], measures: parsed, kinds, cutoffs, maxK, wantRr, wantIdcg };
}
