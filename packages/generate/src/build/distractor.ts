/**
 * A chosen distractor as the build carries it from the choice to the release rows: a single-edit mutant or a
 * stacked one, with its edits, outcomes and failure class.
 */

import type { ReleaseDistractor } from '@execret/dataset';
import type { BugType } from '@execret/formats';
import type { CopyRowExtras } from '../bug-copies/copy-pool.js';
import type { EditRecord } from '../records.js';
import type { StackedMutant } from '../stack.js';
import type { Edit, ExecutedMutant, ExecutionResult } from '../types.js';

/** One chosen distractor: its code, bug type (`stacked` for a stacked mutant), edits and execution. */
export interface Distractor {
  code: string;
  bugType: string;
  edits: (Edit & { bugType: BugType; operator: string })[];
  result: ExecutionResult;
  failure: 'output' | 'crash';
}

/**
 * The distractor of a chosen single-edit mutant (a mutant that fails no assert is never chosen: any class but
 * `output` is a crash).
 *
 * @example
 * distractorOfSingle(mutant).edits.length // 1
 */
export function distractorOfSingle(m: ExecutedMutant): Distractor {
  return {
    code: m.code,
    bugType: m.bugType,
    edits: [{ ...m.edit, bugType: m.bugType, operator: m.operator }],
    result: m.result,
    failure: m.failure === 'output' ? 'output' : 'crash',
  };
}

/**
 * The distractor of a stacked mutant (bug type `stacked`).
 *
 * @example
 * distractorOfStack(stack).bugType // 'stacked'
 */
export function distractorOfStack(s: StackedMutant): Distractor {
  return { code: s.code, bugType: 'stacked', edits: s.edits, result: s.result, failure: s.failure };
}

/** What a distractor adds to its `distractor_metadata.jsonl` row: its edits (and, for a copy, how it was made). */
export type DistractorRowExtras = { edits: EditRecord[] } & CopyRowExtras;

/**
 * A distractor as `assembleReleaseRows` takes it, its edits in the release's record shape.
 *
 * @example
 * releaseDistractor(d).metadata.edits[0].bug_type // 'off_by_one'
 */
export function releaseDistractor(d: Distractor): ReleaseDistractor<{ edits: EditRecord[] }> {
  return {
    code: d.code,
    bugType: d.bugType,
    result: d.result,
    failure: d.failure,
    metadata: { edits: d.edits.map(editRecord) },
  };
}

function editRecord(e: Edit & { bugType: BugType; operator: string }): EditRecord {
  return {
    bug_type: e.bugType,
    operator: e.operator,
    line: e.line,
    col_start: e.colStart,
    end_line: e.endLine,
    col_end: e.colEnd,
    before: e.before,
    after: e.after,
  };
}
