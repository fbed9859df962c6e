import type { ReadTaskSetResult } from './read-task-set.js';
import { TASK_SKIP_REASONS } from './reasons.js';

/**
 * A plain-text report of a {@link ReadTaskSetResult} for a build log: the format, rows read, tasks converted,
 * then the non-zero counts by reason (rows skipped, asserts left out of converted tasks, each with the reason's
 * description), then one line per skipped row (`line 7 (HumanEval/5): no-docstring: …`). Reasons appear in the
 * order of `TASK_SKIP_REASONS`.
 *
 * @example
 * formatTaskSetReport(await readTaskSet(bytes)).split('\n')[0]
 * // 'task set: humaneval (detected), 164 rows → 153 tasks, 11 rows skipped, 420 asserts left out'
 */
export function formatTaskSetReport(result: ReadTaskSetResult): string {
  const { counts } = result;
  const out = [
    `task set: ${result.format} (${result.detected ? 'detected' : 'given'}), ${counts.rows} rows → ${counts.tasks} tasks, ${counts.skippedRows} rows skipped, ${counts.droppedTests} asserts left out`,
  ];
  for (const scope of ['row', 'test'] as const) {
    const reasons = TASK_SKIP_REASONS.filter((r) => r.scope === scope && counts.byReason[r.code] > 0);
    if (reasons.length === 0) continue;
    out.push(scope === 'row' ? 'rows skipped, by reason:' : 'asserts left out of converted tasks, by reason:');
    const width = Math.max(...reasons.map((r) => r.code.length));
    for (const r of reasons) {
      out.push(`  ${r.code.padEnd(width)}  ${String(counts.byReason[r.code]).padStart(5)}  ${r.description}`);
    }
  }
  if (result.skipped.length > 0) out.push('skipped rows:');
  for (const s of result.skipped) {
    out.push(`  line ${s.line}${s.taskId !== null ? ` (${s.taskId})` : ''}: ${s.reason}: ${s.detail}`);
  }
  return `${out.join('\n')}\n`;
}
