/**
 * The aggregation step of `evaluate`: per-query rows, running sums for the means (Neumaier's compensated
 * summation) and the tie counts, measure by measure.
 *
 * @internal
 */

import type { MeasurePlan } from './measure-plan.js';
import type { Measure } from './parse-measure.js';
import { setOwn } from './plain-record.js';

/** Per-query rows and running totals of an evaluation (see {@link createMeasureAccumulator}). */
export interface MeasureAccumulator<M extends string> {
  /** Stores one query's values and tie flags (index j = measure j of the plan) and adds them to the totals. */
  add(qid: string, values: Float64Array, decided: Uint8Array): void;
  /** Query id → measure → value, in the order queries were added. */
  readonly perQuery: Record<string, Record<M, number>>;
  readonly queryIds: string[];
  /** Means (unweighted over the added queries), tie counts and lists, and the parsed measures, by measure string. */
  totals(): {
    mean: Record<M, number>;
    tiesDecided: Record<M, number>;
    tieDecidedQueries: Record<M, string[]>;
    measures: Record<M, Measure>;
  };
}

/**
 * Creates the accumulator of one evaluation.
 *
 * @example
 * const acc = createMeasureAccumulator<'exec@1'>(planMeasures(['exec@1']));
 * acc.add('q1', Float64Array.of(1), Uint8Array.of(0));
 * acc.add('q2', Float64Array.of(0), Uint8Array.of(1));
 * acc.totals().mean;        // { 'exec@1': 0.5 }
 * acc.totals().tiesDecided; // { 'exec@1': 1 }
 */
export function createMeasureAccumulator<M extends string>(plan: MeasurePlan): MeasureAccumulator<M> {
  const { count, keys } = plan;
  const sums = new Float64Array(count);
  const compensations = new Float64Array(count);
  const decidedCounts = new Int32Array(count);
  const decidedQueries: string[][] = keys.map(() => []);
  const perQuery = {} as Record<string, Record<M, number>>;
  const queryIds: string[] = [];
  return {
    perQuery,
    queryIds,
    add(qid, values, decided) {
      const row = {} as Record<M, number>;
      for (let j = 0; j < count; j++) {
        const v = values[j] as number;
        row[keys[j] as M] = v;
        // Neumaier's compensated summation.
        const sum = sums[j] as number;
        const t = sum + v;
        compensations[j] = (compensations[j] as number) + (Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum);
        sums[j] = t;
        if (decided[j] === 1) {
          decidedCounts[j] = (decidedCounts[j] as number) + 1;
          (decidedQueries[j] as string[]).push(qid);
        }
      }
      setOwn(perQuery, qid, row);
      queryIds.push(qid);
    },
    totals() {
      const mean = {} as Record<M, number>;
      const tiesDecided = {} as Record<M, number>;
      const tieDecidedQueries = {} as Record<M, string[]>;
      const measures = {} as Record<M, Measure>;
      for (let j = 0; j < count; j++) {
        const key = keys[j] as M;
        mean[key] = ((sums[j] as number) + (compensations[j] as number)) / queryIds.length;
        tiesDecided[key] = decidedCounts[j] as number;
        tieDecidedQueries[key] = decidedQueries[j] as string[];
        measures[key] = plan.measures[j] as Measure;
      }
      return { mean, tiesDecided, tieDecidedQueries, measures };
    },
  };
}
