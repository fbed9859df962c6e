import { COSMETIC_KINDS, type CosmeticKind } from '@execret/mutate-js';

/** Why a candidate copy was dropped: its per-test outcomes differ from its original's, or a probe input disagrees. */
export type CopyDropReason = 'tests-differ' | 'probes-differ';

/** The reasons of {@link CopyDropReason}, in report order. */
const COPY_DROP_REASONS: readonly CopyDropReason[] = ['tests-differ', 'probes-differ'];

/** How a propagated-bug build went (`BuildReport.bugCopies`; see `BuildOptions.bugCopies`). */
export interface BugCopiesReport {
  /** Snippets of the copied bug per pool: the original and `copies − 1` cosmetic copies. */
  copies: number;
  /**
   * Probe inputs asked for per task; the trace events a Python probe call may spend; the milliseconds within which
   * the original must finish a probe call for the input to be compared.
   */
  probeInputs: number;
  probeSteps: number;
  probeRunMs: number;
  /** Extra rewrites executed per original beyond the `copies − 1` needed, so that a few may fail verification. */
  spareRewrites: number;
  /** Tasks with at least `max(1, minDistractors)` chosen distractors, each given a try. */
  tasks: number;
  /** Of which got `copies − 1` verified copies (in the dataset), and were left out (`too_few_copies`). */
  copied: number;
  leftOut: number;
  /** Distractors tried as originals (a task moves to its next distractor when one gives too few copies). */
  originalsTried: number;
  /** Candidate copies executed, verified, and written (`copies − 1` per copied task). */
  rewrites: number;
  verified: number;
  copiesMade: number;
  /** Candidates dropped, by reason. */
  dropped: Record<CopyDropReason, number>;
  /** Copies made that apply each kind of rewrite (a copy may apply several). */
  kinds: Record<CosmeticKind, number>;
  /** Copied tasks whose original finished on at least one probe input, and probe comparisons over copies made. */
  tasksWithProbes: number;
  probesCompared: number;
  /** Other distinct distractors left out of copied tasks' pools so that the copies are the majority. */
  otherDistractorsDropped: number;
}

/** An empty report for `copies`. */
export function emptyBugCopiesReport(
  copies: number,
  settings: Pick<BugCopiesReport, 'probeInputs' | 'probeSteps' | 'probeRunMs' | 'spareRewrites'>,
): BugCopiesReport {
  return {
    copies,
    ...settings,
    tasks: 0,
    copied: 0,
    leftOut: 0,
    originalsTried: 0,
    rewrites: 0,
    verified: 0,
    copiesMade: 0,
    dropped: { 'tests-differ': 0, 'probes-differ': 0 },
    kinds: Object.fromEntries(COSMETIC_KINDS.map((k) => [k, 0])) as Record<CosmeticKind, number>,
    tasksWithProbes: 0,
    probesCompared: 0,
    otherDistractorsDropped: 0,
  };
}

/**
 * The report of a propagated-bug build as text, one fact per line.
 *
 * @example
 * formatBugCopiesReport(built.report.bugCopies!)
 * // 'bug copies: 3 snippets of one bug per pool (the original + 2 cosmetic copies)\n' +
 * // 'tasks: 100 tried, 97 copied, 3 left out (too_few_copies)\n' + …
 */
export function formatBugCopiesReport(report: BugCopiesReport): string {
  const kinds = COSMETIC_KINDS.map((k) => `${k} ${report.kinds[k]}`).join(', ');
  const dropped = COPY_DROP_REASONS.map((r) => `${r} ${report.dropped[r]}`).join(', ');
  return [
    `bug copies: ${report.copies} snippets of one bug per pool (the original + ${report.copies - 1} cosmetic copies)`,
    `tasks: ${report.tasks} tried, ${report.copied} copied, ${report.leftOut} left out (too_few_copies)`,
    `originals tried: ${report.originalsTried}; other distinct distractors dropped for the majority: ${report.otherDistractorsDropped}`,
    `candidate copies: ${report.rewrites} executed, ${report.verified} verified, ${report.copiesMade} written`,
    `dropped by verification: ${dropped}`,
    `rewrite kinds in copies written: ${kinds}`,
    `probe inputs: up to ${report.probeInputs} per task, compared where the original finishes within ${report.probeRunMs} ms (Python: and ${report.probeSteps} trace events); ${report.tasksWithProbes} copied tasks with probes, ${report.probesCompared} probe comparisons in the copies written`,
  ].join('\n');
}
