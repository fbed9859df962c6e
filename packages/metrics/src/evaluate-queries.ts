/**
 * The loop shared by `evaluate` (a run of `Record`s) and `evaluateColumns` (a run of per-query columns): every
 * query of the qrels read and validated (`query-input.ts`), scored by the per-query kernel (`score-query.ts`) and
 * added to the running means and tie counts (`measure-accumulator.ts`). The two entries differ only in how a
 * query's run is found and read, which each hands in as a {@link RunReader}.
 *
 * @internal
 */

import { describeValue, MetricsError } from './errors.js';
import type { EvaluateOptions, EvaluateSettings, Qrels } from './evaluate-options.js';
import type { EvaluateResult } from './evaluate-result.js';
import { createMeasureAccumulator } from './measure-accumulator.js';
import { planMeasures } from './measure-plan.js';
import { type QueryInput, type QueryJudgements, readJudgements, readPassSet } from './query-input.js';
import { createQueryWorkspace, scoreQuery } from './score-query.js';

/** How the shared loop reaches one entry's run. */
export interface RunReader {
  /** Whether the run has an entry for the query. */
  has(queryId: string): boolean;
  /** Reads and validates the query's entry (see `readRankedQuery`), its scores copied into `scores` or a larger array. */
  read(
    queryId: string,
    judgements: QueryJudgements,
    passSet: ReadonlySet<string>,
    wantIdcg: boolean,
    scores: Float64Array,
  ): QueryInput;
  /** The run's query ids, in its order. */
  queryIds(): string[];
}

/**
 * Evaluates every query of `qrels` against the run behind `reader`, with options already resolved by
 * `resolveEvaluateOptions` (the measure list is checked here). See `evaluate` for the definitions.
 *
 * @example
 * const { settings, passing } = resolveEvaluateOptions({}, qrels);
 * evaluateQueries(qrels, recordRunReader(run), ['exec@1'], settings, passing).mean; // { 'exec@1': … }
 */
export function evaluateQueries<M extends string>(
  qrels: Qrels,
  reader: RunReader,
  measures: readonly M[],
  settings: EvaluateSettings,
  passing: EvaluateOptions['passing'],
): EvaluateResult<M> {
  const plan = planMeasures(measures);
  const workspace = createQueryWorkspace(plan.maxK);
  const values = new Float64Array(plan.count);
  const decided = new Uint8Array(plan.count);
  const accumulator = createMeasureAccumulator<M>(plan);
  const missingFromRun: string[] = [];
  const withoutRelevant: string[] = [];
  const missingFromPassing: string[] = [];

  for (const qid of Object.keys(qrels)) {
    // Judgements are validated for every qrels query, evaluated or not.
    const judgements = readJudgements(qid, qrels[qid], settings.gain);
    let passSet: ReadonlySet<string>;
    if (passing === undefined) {
      passSet = new Set(judgements.relevantIds);
    } else if (Object.hasOwn(passing, qid)) {
      passSet = readPassSet(passing[qid], qid);
    } else {
      missingFromPassing.push(qid);
      passSet = new Set();
    }

    if (!reader.has(qid)) {
      missingFromRun.push(qid);
      if (settings.missingQueries === 'error') {
        throw new MetricsError(
          'missing-query',
          `@execret/metrics evaluate: query ${describeValue(qid)} of the qrels has no entry in the run (missingQueries: 'error'; use 'zero' to score it 0 or 'skip' to leave it out)`,
          { queryId: qid },
        );
      }
      if (settings.missingQueries === 'skip') continue;
      if (judgements.relevantIds.length === 0) withoutRelevant.push(qid);
      values.fill(0);
      decided.fill(0);
      accumulator.add(qid, values, decided);
      continue;
    }
    const input = reader.read(qid, judgements, passSet, plan.wantIdcg, workspace.scores);
    if (judgements.relevantIds.length === 0) withoutRelevant.push(qid);
    scoreQuery(input, plan, settings.ties, workspace, values, decided);
    accumulator.add(qid, values, decided);
  }

  const runIds = reader.queryIds();
  const notInQrels = runIds.filter((qid) => !Object.hasOwn(qrels, qid));
  if (accumulator.queryIds.length === 0) {
    const why =
      Object.keys(qrels).length === 0
        ? 'qrels has no query'
        : `no query of the qrels is in the run (missingQueries: 'skip'; qrels starts ${preview(Object.keys(qrels))}, run starts ${preview(runIds)})`;
    throw new MetricsError('no-queries', `@execret/metrics evaluate: nothing to evaluate: ${why}`);
  }
  const { mean, tiesDecided, tieDecidedQueries, measures: measureInfo } = accumulator.totals();
  return {
    perQuery: accumulator.perQuery,
    mean,
    queryIds: accumulator.queryIds,
    measures: measureInfo,
    settings,
    diagnostics: { tiesDecided, tieDecidedQueries, missingFromRun, notInQrels, withoutRelevant, missingFromPassing },
  };
}

function preview(ids: readonly string[]): string {
  const shown = ids.slice(0, 3).map((id) => JSON.stringify(id));
  return ids.length > 3 ? `${shown.join(', ')}, ...` : shown.length > 0 ? shown.join(', ') : '(empty)';
}
