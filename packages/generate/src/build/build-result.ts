/**
 * What `buildBenchmark` returns: the release's records and the build's report (per-task outcomes, how the
 * candidates were executed, yield, copies).
 */

import type { BugType, ExecutionCacheRecord } from '@execret/formats';
import type { BugCopiesReport } from '../bug-copies/copies-report.js';
import type { CandidateBudget } from '../candidate-budget.js';
import type { GateReport } from '../gates.js';
import type { CorpusRecord, DistractorMetadataRecord, QueryRecord } from '../records.js';
import type { YieldReport } from '../yield.js';

/** Per-task outcome of a build. */
export interface BuildTaskOutcome {
  taskId: string | null;
  index: number;
  status: 'built' | 'rejected' | 'too_few_distractors' | 'too_few_copies';
  queryId?: string;
  distractors: number;
  /** Single mutants that fail at least one test (0 for rejected tasks). */
  keptMutants: number;
  /** Bug types with at least one kept (test-failing) single mutant, in `BUG_TYPES` order. */
  keptBugTypes: BugType[];
  /** Why the task is not in the dataset. */
  reason?: string;
}

/** How the candidates were executed (see `BuildOptions.candidateBudget`). */
export interface BuildExecutionReport {
  /** The budget asked for (`false`: none), and the oracle's timeout it was bounded by (null: unknown). */
  candidateBudget: CandidateBudget | false;
  oracleTimeoutMs: number | null;
  /** Candidates executed (status `ok`). */
  candidates: number;
  /** Of which executed under a budget shorter than the oracle's timeout. */
  budgeted: number;
  /** Of which a budget cut short (a work limit spent, or a `TIMEOUT` under a time budget). */
  exceeded: number;
  /** Python candidates that spent their work limit before failing an assert, not chosen: taken to hang (crash). */
  assumedHanging: number;
  /** Candidates that ran out of time (not work) before failing an assert and whose class the selection read: executed again under the oracle's timeout. */
  resolved: number;
  /** Chosen candidates a budget had cut short: executed again under the oracle's timeout for their outcomes. */
  rerunChosen: number;
  /**
   * Chosen Python candidates that finished under their work limit, i.e. traced: executed again without a trace for
   * the outcomes the release records (a trace can change an outcome, e.g. a deep recursion's error).
   */
  untracedChosen: number;
  /** Of those, how many had another class than the one the selection read (it then ran again). */
  changedOnRerun: number;
  /** Candidates that ran out of time and whose class was never read: not executed again (`yield.total.setAside`). */
  setAside: number;
}

/** Everything about a build besides the records. */
export interface BuildReport {
  generator: string;
  generatorVersion: string;
  seed: string | number;
  maxDistractors: number;
  minDistractors: number;
  stackSize: number;
  /** The schema gate's test-count bounds the build used (defaults 7 and 10, the release's rule). */
  minTests: number;
  maxTests: number;
  gates: GateReport;
  /** Single-edit mutant yield per bug type (`chosen` counts single-edit distractors only). */
  yield: YieldReport;
  execution: BuildExecutionReport;
  tasks: BuildTaskOutcome[];
  /** Propagated-bug builds only (`bugCopies`): copies made, rewrite kinds, verification failures. */
  bugCopies?: BugCopiesReport;
}

/** A built dataset in the release format (SPEC section 2) plus its report. */
export interface BuiltDataset {
  corpus: CorpusRecord[];
  queries: QueryRecord[];
  distractorMetadata: DistractorMetadataRecord[];
  executionCache: ExecutionCacheRecord[];
  report: BuildReport;
}
