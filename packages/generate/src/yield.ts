import { BUG_TYPES, type BugType } from '@execret/formats';
import type { ExecutedMutant, FailureKind, MutantCandidate } from './types.js';

/** Counts of one bug type (or all) through the pipeline. */
export interface YieldCounts {
  /** Every enumerated candidate. */
  candidates: number;
  /** Splices that did not re-parse to the intended AST (dropped; should be 0). */
  unverified: number;
  /** Same code as an earlier candidate of the task (dropped). */
  duplicate: number;
  /** Trivially equivalent: identical normalised bytecode / AST, or a commutative-callee swap (dropped). */
  equivalent: number;
  /** Candidates executed against the tests (status `ok`). */
  executed: number;
  /** Executed and passed every test (dropped). */
  survived: number;
  /** Executed and failed with at least one `FAIL` outcome. */
  keptOutput: number;
  /** Executed and failed only by `ERROR`/`TIMEOUT`. */
  keptCrash: number;
  /**
   * Executed under a budget shorter than the release's timeout, exceeded it before failing an assert, and
   * never needed by the selection, so never executed again: their class is unknown (see `buildBenchmark`).
   */
  setAside: number;
  /** `keptOutput + keptCrash`. */
  kept: number;
  /** Chosen as distractors. */
  chosen: number;
  chosenOutput: number;
  chosenCrash: number;
}

/** Yield of the mutation pipeline per bug type and in total. */
export interface YieldReport {
  byBugType: Record<BugType, YieldCounts>;
  total: YieldCounts;
  /** Number of tasks counted. */
  tasks: number;
  /** `chosenPerTask[n]` = number of tasks that got exactly n distractors. */
  chosenPerTask: number[];
}

/** Input of {@link mutantYield} for one task. */
export interface YieldInput {
  candidates: readonly MutantCandidate[];
  /** The executed candidates whose class is known. */
  executed: readonly ExecutedMutant[];
  /** Executed candidates whose class is unknown (set aside after exceeding a budget); default none. */
  setAside?: readonly Pick<MutantCandidate, 'bugType'>[];
  chosen: readonly { bugType: BugType; failure: FailureKind }[];
}

function zero(): YieldCounts {
  return {
    candidates: 0,
    unverified: 0,
    duplicate: 0,
    equivalent: 0,
    executed: 0,
    survived: 0,
    keptOutput: 0,
    keptCrash: 0,
    kept: 0,
    setAside: 0,
    chosen: 0,
    chosenOutput: 0,
    chosenCrash: 0,
  };
}

/**
 * Counts, per bug type and in total, how candidates flow through the pipeline: enumerated →
 * dropped as unverified / duplicate / equivalent → executed → dropped as survivors or kept as
 * output failures or crashes → chosen. Invariants: `candidates = unverified + duplicate + equivalent
 * + executed`, `executed = survived + kept + setAside`, `kept = keptOutput + keptCrash`.
 *
 * @example
 * const report = mutantYield([{ candidates, executed, chosen }])
 * report.byBugType.wrong_comparison.keptOutput // e.g. 3
 */
export function mutantYield(groups: readonly YieldInput[]): YieldReport {
  const byBugType = Object.fromEntries(BUG_TYPES.map((t) => [t, zero()])) as Record<BugType, YieldCounts>;
  const total = zero();
  const chosenPerTask: number[] = [];
  const bump = (type: BugType, field: keyof YieldCounts): void => {
    byBugType[type][field] += 1;
    total[field] += 1;
  };
  for (const group of groups) {
    for (const c of group.candidates) {
      bump(c.bugType, 'candidates');
      if (c.status !== 'ok') bump(c.bugType, c.status);
    }
    for (const m of group.executed) {
      bump(m.bugType, 'executed');
      if (m.failure === 'survived') bump(m.bugType, 'survived');
      else {
        bump(m.bugType, 'kept');
        bump(m.bugType, m.failure === 'output' ? 'keptOutput' : 'keptCrash');
      }
    }
    for (const m of group.setAside ?? []) {
      bump(m.bugType, 'executed');
      bump(m.bugType, 'setAside');
    }
    for (const m of group.chosen) {
      bump(m.bugType, 'chosen');
      if (m.failure === 'output') bump(m.bugType, 'chosenOutput');
      else if (m.failure === 'crash') bump(m.bugType, 'chosenCrash');
    }
    const n = group.chosen.length;
    while (chosenPerTask.length <= n) chosenPerTask.push(0);
    chosenPerTask[n] = (chosenPerTask[n] ?? 0) + 1;
  }
  return { byBugType, total, tasks: groups.length, chosenPerTask };
}

const COLUMNS: (keyof YieldCounts)[] = [
  'candidates',
  'unverified',
  'duplicate',
  'equivalent',
  'executed',
  'survived',
  'keptOutput',
  'keptCrash',
  'chosen',
];

/**
 * Formats a yield report as a fixed-width text table: one row per bug type and a total row, columns
 * candidates, unverified, duplicate, equivalent, executed, survived, keptOutput, keptCrash, (setAside, when
 * any,) chosen.
 *
 * @example
 * console.log(formatYieldReport(mutantYield(groups)))
 */
export function formatYieldReport(report: YieldReport): string {
  // setAside only when a budget set candidates aside (the table of a build without is as before).
  const columns: (keyof YieldCounts)[] =
    report.total.setAside > 0 ? [...COLUMNS.slice(0, -1), 'setAside', 'chosen'] : COLUMNS;
  const header = ['bug_type', ...columns];
  const rows = [
    ...BUG_TYPES.map((t) => [t, ...columns.map((c) => String(report.byBugType[t][c]))]),
    ['total', ...columns.map((c) => String(report.total[c]))],
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]): string =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const perTask = report.chosenPerTask.map((n, k) => `${k}: ${n}`).join(', ');
  return [fmt(header), ...rows.map(fmt), `tasks ${report.tasks}; tasks by number of distractors: ${perTask}`].join(
    '\n',
  );
}
