import { describe, expect, it } from 'vitest';
import type { ReadTaskSetResult } from './read-task-set.js';
import { TASK_SKIP_REASONS, type TaskSkipReason } from './reasons.js';
import { formatTaskSetReport } from './report.js';

function result(partial: Partial<Record<TaskSkipReason, number>>, detected: boolean): ReadTaskSetResult {
  const byReason = Object.fromEntries(TASK_SKIP_REASONS.map((r) => [r.code, partial[r.code] ?? 0])) as Record<
    TaskSkipReason,
    number
  >;
  return {
    format: 'mbpp',
    detected,
    tasks: [],
    lines: [],
    skipped: [
      {
        line: 3,
        taskId: '13',
        reason: 'setup-code',
        detail: 'test_setup_code runs statements other than imports (Assign)',
      },
      { line: 8, taskId: null, reason: 'invalid-row', detail: 'expected a JSON object, received an array' },
    ],
    droppedTests: [],
    counts: { rows: 9, tasks: 7, skippedRows: 2, droppedTests: 3, byReason },
  };
}

describe('formatTaskSetReport', () => {
  it('prints the totals, the non-zero reasons per scope in list order, and each skipped row', () => {
    const text = formatTaskSetReport(
      result(
        { 'setup-code': 1, 'invalid-row': 1, 'test-not-single-assert': 2, 'assert-does-not-call-entry-point': 1 },
        true,
      ),
    );
    expect(text).toBe(
      [
        'task set: mbpp (detected), 9 rows → 7 tasks, 2 rows skipped, 3 asserts left out',
        'rows skipped, by reason:',
        '  invalid-row      1  the row is not a JSON object, or a field the format needs is absent, empty or of the wrong type',
        '  setup-code       1  MBPP: test_setup_code holds statements other than imports',
        'asserts left out of converted tasks, by reason:',
        "  assert-does-not-call-entry-point      1  the assert's condition does not call the entry point (e.g. assert True, 'debug message')",
        '  test-not-single-assert                2  the test is not exactly one assert statement that prints on one line',
        'skipped rows:',
        '  line 3 (13): setup-code: test_setup_code runs statements other than imports (Assign)',
        '  line 8: invalid-row: expected a JSON object, received an array',
        '',
      ].join('\n'),
    );
  });

  it('prints only the totals line when nothing was left out and says when the format was given', () => {
    const base = result({}, false);
    const clean = { ...base, skipped: [], counts: { ...base.counts, tasks: 9, skippedRows: 0, droppedTests: 0 } };
    expect(formatTaskSetReport(clean)).toBe(
      'task set: mbpp (given), 9 rows → 9 tasks, 0 rows skipped, 0 asserts left out\n',
    );
  });
});
