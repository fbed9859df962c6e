/**
 * Errors and issues of `@execret/dataset`.
 *
 * Two kinds of problem exist:
 * - an {@link DatasetIssue} is one finding about the data (a bad field on line 12 of `data/corpus.jsonl`); issues
 *   are collected, never thrown one at a time;
 * - a {@link DatasetError} is the failure of an operation (a file could not be read, a download failed, the data
 *   had schema errors). When the failure is caused by data, the error carries every collected issue.
 */

import { defineExecretError } from '@execret/formats';

/** The codes a {@link DatasetError} can carry. */
export type DatasetErrorCode =
  /** A line or file is not valid JSON / UTF-8, or is truncated. */
  | 'parse'
  /** Valid JSON that does not have the shape the release format requires. */
  | 'schema'
  /** A file, directory or remote file does not exist. */
  | 'not-found'
  /** A file's SHA-256 differs from the one listed in `SHA256SUMS`. */
  | 'checksum'
  /** A download failed: HTTP status, network error, truncated body. */
  | 'download'
  /** A local read or write failed for a reason other than absence. */
  | 'io'
  /** The `source` argument of `loadExecRetrieval` is not one of the accepted forms. */
  | 'source'
  /** The operation was aborted through its `AbortSignal`. */
  | 'aborted'
  /** `assertValidBenchmark` found error-level issues. */
  | 'validation'
  /** An `hf:` source needs the optional package `@huggingface/hub`, which is not installed. */
  | 'missing-dependency';

/** Every {@link DatasetErrorCode}, in a stable order (for messages and tests). */
export const DATASET_ERROR_CODES: readonly DatasetErrorCode[] = [
  'parse',
  'schema',
  'not-found',
  'checksum',
  'download',
  'io',
  'source',
  'aborted',
  'validation',
  'missing-dependency',
];

/** How serious an issue is: `error` makes data unusable or wrong, `warning` is suspicious, `info` is a count. */
export type IssueSeverity = 'error' | 'warning' | 'info';

/**
 * One finding about the data, located as precisely as the input allows.
 *
 * `file` is the path relative to the release root (`data/corpus.jsonl`), `line` is 1-based and refers to the
 * physical line of a JSONL file, `path` is the field path inside that line's JSON value (`['test_suite', 3]`).
 */
export interface DatasetIssue {
  /** How serious the finding is. */
  severity: IssueSeverity;
  /** A stable kebab-case identifier of the kind of finding, e.g. `invalid-json` or `duplicate-corpus-id`. */
  code: string;
  /** Human-readable explanation: what was expected, what was received. */
  message: string;
  /** File relative to the release root, when the finding is located in a file. */
  file?: string;
  /** 1-based physical line number in `file`. */
  line?: number;
  /** Field path inside the JSON value of that line. */
  path?: readonly (string | number)[];
  /** The query the finding is about, when there is one. */
  queryId?: string;
  /** The snippet the finding is about, when there is one. */
  corpusId?: string;
}

/** Default number of issues printed in an error message (all issues stay available on `error.issues`). */
export const DEFAULT_MAX_PRINTED_ISSUES = 20;

/**
 * Renders a field path the way it would be written in JavaScript: `test_suite[3]`, `metadata.batch_usage`,
 * `["exec@1"].a_only`.
 *
 * @example
 * formatIssuePath(['top_results', 2, 'corpus_id']); // 'top_results[2].corpus_id'
 * formatIssuePath([]);                               // '(root)'
 */
export function formatIssuePath(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(root)';
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) out += out === '' ? part : `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

/**
 * Formats one issue on one line: `<file>:<line> <path>: <message> [<code>]`, omitting the parts that are unknown.
 *
 * @example
 * formatIssue({ severity: 'error', code: 'invalid-type', file: 'data/corpus.jsonl', line: 3,
 *   path: ['label'], message: 'expected "correct" | "incorrect", received "ok"' });
 * // 'error data/corpus.jsonl:3 label: expected "correct" | "incorrect", received "ok" [invalid-type]'
 */
export function formatIssue(issue: DatasetIssue): string {
  let where = issue.file ?? '';
  if (issue.line !== undefined) where += `${where === '' ? 'line ' : ':'}${issue.line}`;
  const parts: string[] = [issue.severity];
  if (where !== '') parts.push(where);
  let text = parts.join(' ');
  const subject: string[] = [];
  if (issue.path !== undefined && issue.path.length > 0) subject.push(formatIssuePath(issue.path));
  else if (issue.queryId !== undefined || issue.corpusId !== undefined) {
    subject.push([issue.queryId, issue.corpusId].filter((x) => x !== undefined).join('/'));
  }
  text += subject.length > 0 ? ` ${subject[0]}: ` : ': ';
  return `${text}${issue.message} [${issue.code}]`;
}

/**
 * Formats a list of issues, one per line, printing at most `max` of them and a final line saying how many more
 * there are.
 *
 * @example
 * formatIssues(issues, 2);
 * // 'error data/queries.jsonl:4 query_id: ... [invalid-type]\n  ...\n  ... and 3 more issues'
 */
export function formatIssues(issues: readonly DatasetIssue[], max: number = DEFAULT_MAX_PRINTED_ISSUES): string {
  const shown = issues.slice(0, Math.max(0, max)).map(formatIssue);
  const rest = issues.length - shown.length;
  if (rest > 0) shown.push(`... and ${rest} more issue${rest === 1 ? '' : 's'}`);
  return shown.join('\n');
}

/** Options of the {@link DatasetError} constructor. */
export interface DatasetErrorOptions {
  /** The underlying error (a filesystem error, a `fetch` rejection, ...). */
  cause?: unknown;
  /** Data issues that caused the error; printed in the message (up to `maxPrinted`). */
  issues?: readonly DatasetIssue[];
  /** Issues found beyond the collection limit, counted but not stored. */
  omittedIssues?: number;
  /** Maximum number of issues printed in the message (default {@link DEFAULT_MAX_PRINTED_ISSUES}). */
  maxPrinted?: number;
}

/**
 * The one error class of `@execret/dataset`.
 *
 * `message` names the package once (`@execret/dataset: ` in front unless it already starts with a package name)
 * and, when `issues` are attached, lists them one per line (`file:line path: message`). Use {@link DatasetError.is} rather than `instanceof`, which fails across
 * duplicated installs and between the ESM and CommonJS builds.
 *
 * @example
 * try {
 *   await loadExecRetrieval('./release');
 * } catch (error) {
 *   if (DatasetError.is(error) && error.code === 'schema') console.error(error.issues.length, 'issues');
 *   else throw error;
 * }
 */
export class DatasetError extends defineExecretError<DatasetErrorCode>('@execret/dataset', 'DatasetError') {
  /** The data issues behind the failure (empty for IO and network failures). */
  readonly issues: readonly DatasetIssue[];
  /** Number of issues found beyond the collection limit (not stored in `issues`). */
  readonly omittedIssues: number;

  constructor(code: DatasetErrorCode, message: string, options: DatasetErrorOptions = {}) {
    const issues = options.issues ?? [];
    const omitted = options.omittedIssues ?? 0;
    let full = message;
    if (issues.length > 0) {
      full += `\n${formatIssues(issues, options.maxPrinted ?? DEFAULT_MAX_PRINTED_ISSUES)
        .split('\n')
        .map((l) => `  ${l}`)
        .join('\n')}`;
    }
    if (omitted > 0) full += `\n  (${omitted} further issue${omitted === 1 ? '' : 's'} not collected)`;
    super(code, full, { cause: options.cause });
    this.issues = issues;
    this.omittedIssues = omitted;
  }
}

/**
 * Collects issues up to a limit, counting (but not storing) the rest, so that a file with a million bad lines
 * does not exhaust memory.
 */
export class IssueCollector {
  readonly issues: DatasetIssue[] = [];
  /** Issues beyond the limit, counted but not stored. */
  omitted = 0;
  /** Error-level issues among the omitted ones. */
  omittedErrors = 0;
  private stored = 0;
  constructor(readonly limit: number) {}

  add(issue: DatasetIssue): void {
    if (issue.severity === 'error') this.stored++;
    if (this.issues.length < this.limit) this.issues.push(issue);
    else {
      this.omitted++;
      if (issue.severity === 'error') this.omittedErrors++;
    }
  }

  /** Number of error-level issues seen, stored or omitted. */
  get errorCount(): number {
    return this.stored;
  }
}
