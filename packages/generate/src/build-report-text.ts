import { formatBugCopiesReport } from './bug-copies/copies-report.js';
import type { BuiltDataset } from './build/build-result.js';
import { formatGateReport } from './gates.js';
import type { ReadTaskSetResult } from './task-formats/read-task-set.js';
import { formatTaskSetReport } from './task-formats/report.js';
import { formatYieldReport } from './yield.js';

/**
 * The text of a build's report (`build-report.txt` of `execret build`): where the tasks came from and how
 * many became queries, the test-count bounds, the tasks per language, what the task-set reader left out (for
 * HumanEval or MBPP files, or when it skipped rows), the gates, the mutant yield and how the candidates were
 * executed under their budgets, and for a propagated-bug build the copies made.
 *
 * @example
 * formatBuildReport(built, { source: 'tasks.jsonl', seconds: 12.3 }).split('\n')[0];
 * // 'tasks tasks.jsonl, seed 20260510, 100 queries, 500 snippets, 12.3 s'
 */
export function formatBuildReport(
  built: BuiltDataset,
  context: { source: string; seconds: number; taskSet?: ReadTaskSetResult },
): string {
  const { report } = built;
  const languages = new Map<string, number>();
  for (const q of built.queries)
    languages.set(q.language ?? 'python', (languages.get(q.language ?? 'python') ?? 0) + 1);
  const set = context.taskSet;
  const run = report.execution;
  return [
    `tasks ${context.source}, seed ${report.seed}, ${built.queries.length} queries, ${built.corpus.length} snippets, ${context.seconds.toFixed(1)} s`,
    `tests per task: ${report.minTests}–${report.maxTests}`,
    `languages: ${[...languages].map(([name, n]) => `${name} ${n}`).join(', ')}`,
    ...(set !== undefined && (set.format !== 'tasks' || set.skipped.length > 0) ? ['', formatTaskSetReport(set)] : []),
    '',
    formatGateReport(report.gates),
    '',
    formatYieldReport(report.yield),
    '',
    run.budgeted === 0
      ? 'candidates: every one under the oracle timeout (no budget)'
      : `candidates: ${run.candidates} under their budgets (work ${run.candidateBudget ? `${run.candidateBudget.workFactor}× the canonical's lines, at least ${run.candidateBudget.workFloor}` : '—'}); ${run.exceeded} cut short: ${run.assumedHanging} taken to hang, ${run.resolved} executed again because the selection needed them, ${run.rerunChosen} chosen and executed again, ${run.setAside} set aside; ${run.untracedChosen} chosen that ran traced executed again untraced`,
    ...(report.bugCopies !== undefined ? ['', formatBugCopiesReport(report.bugCopies)] : []),
    '',
  ].join('\n');
}
