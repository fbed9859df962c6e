/**
 * Tolerant reader of `execution_cache.jsonl` files written by anyone (the strict writer of the format is
 * `formatExecutionCacheLine` of `@execret/formats`).
 *
 * The release does not document the cache's field names, so the reader recognises fields first by the names
 * execret writes (docs/formats.md: `code_sha256`, `tests_sha256`, `test_results`, `passes_all_tests`, `status`)
 * and then by shape:
 * - a hash is a string of 64 hex digits; which one is the code's and which the tests' is decided by the field
 *   name (`code`, `snippet`, `program`, `solution`, `source`, `impl`, `candidate` versus `test`, `suite`,
 *   `assert`, `oracle`); when one of two hash fields has a telling name, the other takes the remaining role;
 * - a combined key is a string `<64 hex><separator><64 hex>`, read as code hash then tests hash;
 * - an outcome list is a non-empty array of strings that all look like outcomes (the vocabulary `pass`, `FAIL`,
 *   `FAIL: <msg>`, `TIMEOUT`, `ERROR:<Type>…`, or the close variants `ERROR`, `ERROR:`, `FAIL:x` other writers
 *   use); names with `result` or `outcome` win when several fit. A row whose list holds anything outside the
 *   vocabulary proper (`isOutcome`) is reported as `cache-unknown-outcome`;
 * - the all-pass flag is a boolean whose name contains `pass`, `success`, `ok` or `correct`;
 * - the status is a string field named like `status`/`verdict`/`state` holding `pass`, `fail`, `error` or
 *   `timeout`.
 * Roles are decided once per distinct field layout (the ordered list of keys), so the cost is one decision per
 * layout, not per row. Fields with no role are kept on `raw` and listed in the report as not understood.
 */
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isOutcome,
  type Language,
  SUITE_STATUSES,
  type SuiteStatus,
} from '@execret/formats';
import type { DatasetIssue } from './errors.js';
import { IssueCollector } from './errors.js';
import type { JsonlLayout, JsonlRecord } from './jsonl.js';

/** What a cache field was understood to be. */
type CacheFieldRole =
  | 'code_sha256'
  | 'tests_sha256'
  | 'code_and_tests_sha256'
  | 'test_results'
  | 'passes_all_tests'
  | 'status'
  | 'execret_extra';

/** How a field of a tolerant file was understood, aggregated over all rows. */
export interface FieldUnderstanding<Role extends string = string> {
  /** Field name. */
  field: string;
  /** The role assigned, or `null` when the field was not understood (it is kept, unused). */
  role: Role | null;
  /** `'name'`: recognised by its documented name; `'shape'`: inferred from its values; `null`: not understood. */
  how: 'name' | 'shape' | null;
  /** Number of rows in which the field occurs with this understanding. */
  rows: number;
}

/** One execution: a snippet (by hash) run against a test suite (by hash). */
export interface ReleaseExecutionEntry {
  /** 1-based line in the cache file (0 for entries not read from a file). */
  line: number;
  /** Lowercase hex SHA-256 of the snippet (see `codeSha256`). */
  codeSha256: string;
  /** Lowercase hex SHA-256 of the suite (see `testsSha256`). */
  testsSha256: string;
  /** One outcome per assert, or `null` when the row has no recognisable outcome list. */
  testResults: readonly string[] | null;
  /**
   * Whether the snippet passed every assert: the row's flag when there is one, otherwise derived from
   * `testResults` (non-empty and all `pass`), otherwise `null`.
   */
  passesAllTests: boolean | null;
  /** The row's suite status, when it has one. */
  status: SuiteStatus | null;
  /**
   * The row's `language` (docs/formats.md): `'python'` when absent, `null` when it holds a value outside
   * `LANGUAGES` (reported as `cache-unknown-language`; such a row matches no language-specific lookup).
   */
  language: Language | null;
  /** The row exactly as parsed (every field kept). */
  raw: Record<string, unknown>;
}

/**
 * Index of cache entries by their hash pair: `buckets` maps a 30-bit key made from the first 7 hex digits of both
 * hashes (see {@link executionBucketKey}) to the newest entry with that key; `previous[i]` chains to the next older
 * entry with the same key (-1 ends the chain). Lookups compare the full hashes, so bucket collisions are harmless.
 * Numeric keys avoid hashing two 64-character strings and allocating a map per snippet for every row.
 */
interface ExecutionIndex {
  buckets: Map<number, number>;
  previous: Int32Array;
}

function hexPrefix(hash: string): number {
  let x = 0;
  for (let i = 0; i < 7; i++) {
    const c = hash.charCodeAt(i);
    x = x * 16 + (c <= 57 ? c - 48 : c - 87);
  }
  return x;
}

/**
 * The bucket key of a (code hash, tests hash) pair in an {@link ExecutionIndex}: `(p(code) XOR (p(tests) << 2))`
 * masked to 30 bits, where `p` reads the first 7 hex digits (lowercase) as an integer.
 *
 * @example
 * executionBucketKey('0000001' + '0'.repeat(57), '0000001' + '0'.repeat(57)); // 1 ^ 4 = 5
 */
function executionBucketKey(codeHash: string, testsHash: string): number {
  return (hexPrefix(codeHash) ^ (hexPrefix(testsHash) << 2)) & 0x3fffffff;
}

/** The execution cache, indexed. */
export interface ReleaseExecutionCache {
  /** Entries in file order (rows that could not be keyed are left out and reported). */
  entries: ReleaseExecutionEntry[];
  /** Hash index over `entries`; use {@link lookupExecution} (for a repeated pair the last row wins). */
  index: ExecutionIndex;
  /** Every original row in file order, including those that could not be keyed (for lossless writing). */
  rows: { line: number; value: Record<string, unknown> }[];
  /** How each field was understood. */
  fields: FieldUnderstanding<CacheFieldRole>[];
  /** Rows that could not be keyed (no recognisable pair of hashes). */
  unkeyedRows: number;
  /** Rows whose key had already occurred. */
  duplicateKeys: number;
  /** Duplicate keys whose pass/fail verdicts disagree. */
  conflictingDuplicates: number;
  /** Rows whose outcome list holds strings outside the vocabulary. */
  unknownOutcomeRows: number;
  /** Findings (warnings and info; a cache never makes loading fail). */
  issues: DatasetIssue[];
  /** Findings beyond the issue limit. */
  omittedIssues: number;
  /** The file's layout, when read from a file. */
  layout?: JsonlLayout;
}

const HEX64 = /^[0-9a-fA-F]{64}$/;
const COMBINED = /^([0-9a-fA-F]{64})[^0-9a-fA-F]{1,3}([0-9a-fA-F]{64})$/;
const OUTCOME_LIKE = /^(?:pass|FAIL(?::[\s\S]*)?|TIMEOUT|ERROR(?::[\s\S]*)?)$/;
const CODE_HINT = /code|snippet|program|solution|source|impl|candidate/i;
const TESTS_HINT = /test|suite|assert|oracle/i;
const OUTCOME_HINT = /result|outcome/i;
const PASS_HINT = /pass|success|ok|correct/i;
const STATUS_HINT = /status|verdict|state/i;
const EXECRET_EXTRAS = new Set(['duration_ms', 'isolation', 'judged', 'language']);

/**
 * Whether a string looks like an outcome of the release vocabulary or of a close variant another writer may have
 * used (`ERROR` or `ERROR:` without a type, `FAIL:x` without the space). Used only to recognise which field holds
 * the outcome list; every outcome is then checked against the vocabulary itself (`isOutcome` of
 * `@execret/formats`) and a row with anything outside it is reported.
 */
function looksLikeOutcome(value: unknown): value is string {
  return typeof value === 'string' && OUTCOME_LIKE.test(value);
}

/** 0: not 64 hex digits; 1: lowercase hex; 2: hex with uppercase letters. */
function hexKind(value: unknown): 0 | 1 | 2 {
  if (typeof value !== 'string' || value.length !== 64) return 0;
  let upper = false;
  for (let i = 0; i < 64; i++) {
    const c = value.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 102)) continue;
    if (c >= 65 && c <= 70) upper = true;
    else return 0;
  }
  return upper ? 2 : 1;
}

function allStrings(values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) if (typeof values[i] !== 'string') return false;
  return true;
}

function isOutcomeList(value: unknown): value is string[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const v of value) if (!looksLikeOutcome(v)) return false;
  return true;
}

interface LayoutPlan {
  code: string | null;
  tests: string | null;
  combined: string | null;
  results: string | null;
  passes: string | null;
  status: string | null;
  /** Rows read with this layout. */
  rows: number;
  roles: Map<string, { role: CacheFieldRole | null; how: 'name' | 'shape' | null }>;
}

function planLayout(keys: readonly string[], row: Record<string, unknown>): LayoutPlan {
  const roles = new Map<string, { role: CacheFieldRole | null; how: 'name' | 'shape' | null }>();
  const plan: LayoutPlan = {
    code: null,
    tests: null,
    combined: null,
    results: null,
    passes: null,
    status: null,
    rows: 0,
    roles,
  };
  const take = (key: string, role: CacheFieldRole, how: 'name' | 'shape') => roles.set(key, { role, how });
  const free = (key: string) => !roles.has(key);
  // 1. documented names
  if (keys.includes('code_sha256') && typeof row.code_sha256 === 'string') {
    plan.code = 'code_sha256';
    take('code_sha256', 'code_sha256', 'name');
  }
  if (keys.includes('tests_sha256') && typeof row.tests_sha256 === 'string') {
    plan.tests = 'tests_sha256';
    take('tests_sha256', 'tests_sha256', 'name');
  }
  if (keys.includes('test_results') && Array.isArray(row.test_results)) {
    plan.results = 'test_results';
    take('test_results', 'test_results', 'name');
  }
  if (keys.includes('passes_all_tests') && typeof row.passes_all_tests === 'boolean') {
    plan.passes = 'passes_all_tests';
    take('passes_all_tests', 'passes_all_tests', 'name');
  }
  if (
    keys.includes('status') &&
    typeof row.status === 'string' &&
    (SUITE_STATUSES as readonly string[]).includes(row.status)
  ) {
    plan.status = 'status';
    take('status', 'status', 'name');
  }
  for (const key of keys) if (EXECRET_EXTRAS.has(key)) take(key, 'execret_extra', 'name');
  // 2. hashes by shape
  if (plan.code === null || plan.tests === null) {
    const hashKeys = keys.filter((k) => free(k) && typeof row[k] === 'string' && HEX64.test(row[k] as string));
    const codeLike = hashKeys.filter((k) => CODE_HINT.test(k) && !TESTS_HINT.test(k));
    const testsLike = hashKeys.filter((k) => TESTS_HINT.test(k));
    if (plan.code === null && codeLike.length === 1) {
      plan.code = codeLike[0] as string;
      take(plan.code, 'code_sha256', 'shape');
    }
    if (plan.tests === null && testsLike.length === 1) {
      plan.tests = testsLike[0] as string;
      take(plan.tests, 'tests_sha256', 'shape');
    }
    const left = hashKeys.filter(free);
    if (left.length === 1 && (plan.code === null) !== (plan.tests === null)) {
      const key = left[0] as string;
      if (plan.code === null) {
        plan.code = key;
        take(key, 'code_sha256', 'shape');
      } else {
        plan.tests = key;
        take(key, 'tests_sha256', 'shape');
      }
    }
    if (plan.code === null && plan.tests === null) {
      const combined = keys.find((k) => free(k) && typeof row[k] === 'string' && COMBINED.test(row[k] as string));
      if (combined !== undefined) {
        plan.combined = combined;
        take(combined, 'code_and_tests_sha256', 'shape');
      }
    }
  }
  // 3. outcomes by shape
  if (plan.results === null) {
    const lists = keys.filter((k) => free(k) && isOutcomeList(row[k]));
    const key = lists.find((k) => OUTCOME_HINT.test(k)) ?? lists[0];
    if (key !== undefined) {
      plan.results = key;
      take(key, 'test_results', 'shape');
    }
  }
  // 4. flag and status by name hint and type
  if (plan.passes === null) {
    const key = keys.find((k) => free(k) && typeof row[k] === 'boolean' && PASS_HINT.test(k));
    if (key !== undefined) {
      plan.passes = key;
      take(key, 'passes_all_tests', 'shape');
    }
  }
  if (plan.status === null) {
    const key = keys.find(
      (k) =>
        free(k) &&
        STATUS_HINT.test(k) &&
        typeof row[k] === 'string' &&
        (SUITE_STATUSES as readonly string[]).includes((row[k] as string).toLowerCase()),
    );
    if (key !== undefined) {
      plan.status = key;
      take(key, 'status', 'shape');
    }
  }
  for (const key of keys) if (free(key)) roles.set(key, { role: null, how: null });
  return plan;
}

/** Options of {@link readExecutionCacheRecords}. */
export interface ExecutionCacheReadOptions {
  /** Name used in issues (default `data/execution_cache.jsonl`). */
  file?: string;
  /** Maximum stored issues (default 100). */
  maxIssues?: number;
}

/**
 * Builds a {@link ReleaseExecutionCache} from parsed JSONL records, recognising fields by name and by shape (see the
 * module comment). Never throws for bad rows: rows without a recognisable pair of hashes are kept in `rows`,
 * left out of `entries`, and reported.
 *
 * @example
 * const { records } = parseJsonl(text, { file: 'data/execution_cache.jsonl', tornFinalLine: 'drop' });
 * const cache = readExecutionCacheRecords(records);
 * lookupExecution(cache, codeSha256(code), testsSha256(tests))?.passesAllTests;
 */
export function readExecutionCacheRecords(
  records: readonly JsonlRecord[],
  options: ExecutionCacheReadOptions = {},
): ReleaseExecutionCache {
  const file = options.file ?? 'data/execution_cache.jsonl';
  const collector = new IssueCollector(options.maxIssues ?? 100);
  const plans = new Map<string, LayoutPlan>();
  const fieldCounts = new Map<string, FieldUnderstanding<CacheFieldRole>>();
  const entries: ReleaseExecutionEntry[] = [];
  const rows: { line: number; value: Record<string, unknown> }[] = [];
  const buckets = new Map<number, number>();
  const previousSameKey = new Int32Array(records.length);
  let unkeyed = 0;
  let duplicates = 0;
  let conflicts = 0;
  let unknownOutcomeRows = 0;
  let lastPlan: LayoutPlan | null = null;
  let lastKeys: string[] = [];
  for (const record of records) {
    const row = record.value as Record<string, unknown>;
    rows.push(record as { line: number; value: Record<string, unknown> }); // the record itself: no copy
    let plan: LayoutPlan;
    // Rows of one file nearly always share one layout: compare with the previous row's keys (without allocating)
    // before falling back to a signature lookup.
    let same = lastPlan !== null;
    if (same) {
      let k = 0;
      for (const key in row) {
        if (key !== lastKeys[k++]) {
          same = false;
          break;
        }
      }
      same &&= k === lastKeys.length;
    }
    if (same) plan = lastPlan as LayoutPlan;
    else {
      const keys = Object.keys(row);
      const signature = keys.join('\u0000');
      let found = plans.get(signature);
      if (found === undefined) {
        found = planLayout(keys, row);
        plans.set(signature, found);
      }
      plan = found;
      lastPlan = found;
      lastKeys = keys;
    }
    plan.rows++;
    let code: unknown;
    let tests: unknown;
    if (plan.combined !== null) {
      const m = COMBINED.exec(String(row[plan.combined]));
      code = m?.[1];
      tests = m?.[2];
    } else {
      code = plan.code === null ? undefined : row[plan.code];
      tests = plan.tests === null ? undefined : row[plan.tests];
    }
    const codeKind = hexKind(code);
    const testsKind = hexKind(tests);
    if (codeKind === 0 || testsKind === 0) {
      unkeyed++;
      collector.add({
        severity: 'warning',
        code: 'cache-row-unkeyed',
        message: `no code/tests hash pair recognised (fields: ${Object.keys(row).join(', ') || 'none'}); the row is kept but cannot be looked up`,
        file,
        line: record.line,
      });
      continue;
    }
    let results: string[] | null = null;
    if (plan.results !== null) {
      const value = row[plan.results];
      if (Array.isArray(value) && allStrings(value)) {
        results = value as string[];
        let badIndex = -1;
        for (let k = 0; k < results.length; k++) {
          if (!isOutcome(results[k])) {
            badIndex = k;
            break;
          }
        }
        if (badIndex !== -1) {
          unknownOutcomeRows++;
          const bad = results[badIndex];
          collector.add({
            severity: 'warning',
            code: 'cache-unknown-outcome',
            message: `outcome ${JSON.stringify(bad)} is outside the vocabulary pass | FAIL | FAIL: <msg> | TIMEOUT | ERROR:<Type>[: <msg>]`,
            file,
            line: record.line,
            path: [plan.results, badIndex],
          });
        }
      }
    }
    const flag = plan.passes === null ? undefined : row[plan.passes];
    let derived: boolean | null = null;
    if (results !== null) {
      derived = results.length > 0;
      for (let k = 0; k < results.length && derived; k++) if (results[k] !== 'pass') derived = false;
    }
    const passes = typeof flag === 'boolean' ? flag : derived;
    if (typeof flag === 'boolean' && derived !== null && flag !== derived) {
      collector.add({
        severity: 'warning',
        code: 'cache-flag-disagrees',
        message: `${plan.passes} is ${flag} but the outcomes ${derived ? 'are all pass' : 'include a non-pass'}`,
        file,
        line: record.line,
        path: [plan.passes as string],
      });
    }
    const statusValue = plan.status === null ? null : String(row[plan.status]).toLowerCase();
    const status =
      statusValue !== null && (SUITE_STATUSES as readonly string[]).includes(statusValue)
        ? (statusValue as SuiteStatus)
        : null;
    const entry: ReleaseExecutionEntry = {
      line: record.line,
      codeSha256: codeKind === 2 ? (code as string).toLowerCase() : (code as string),
      testsSha256: testsKind === 2 ? (tests as string).toLowerCase() : (tests as string),
      testResults: results,
      passesAllTests: passes,
      status,
      language: row.language === undefined ? DEFAULT_LANGUAGE : isLanguage(row.language) ? row.language : null,
      raw: row,
    };
    if (entry.language === null) {
      collector.add({
        severity: 'warning',
        code: 'cache-unknown-language',
        message: `language ${JSON.stringify(row.language)} is not one of python, javascript, typescript; the row matches no language-specific lookup`,
        file,
        line: record.line,
      });
    }
    if (passes === null) {
      collector.add({
        severity: 'warning',
        code: 'cache-row-no-verdict',
        message: 'neither an all-pass flag nor an outcome list was recognised',
        file,
        line: record.line,
      });
    }
    const bucket = executionBucketKey(entry.codeSha256, entry.testsSha256);
    const head = buckets.get(bucket);
    let previous: number | undefined;
    for (let k = head ?? -1; k !== -1; k = previousSameKey[k] as number) {
      const other = entries[k] as ReleaseExecutionEntry;
      if (other.codeSha256 === entry.codeSha256 && other.testsSha256 === entry.testsSha256) {
        previous = k;
        break;
      }
    }
    if (previous !== undefined) {
      duplicates++;
      const before = entries[previous] as ReleaseExecutionEntry;
      if (before.passesAllTests !== entry.passesAllTests) {
        conflicts++;
        collector.add({
          severity: 'warning',
          code: 'cache-conflicting-duplicate',
          message: `same code/tests hashes as line ${before.line} with a different verdict (${String(before.passesAllTests)} vs ${String(entry.passesAllTests)}); the later row wins`,
          file,
          line: record.line,
        });
      }
    }
    previousSameKey[entries.length] = head ?? -1;
    buckets.set(bucket, entries.length);
    entries.push(entry);
  }
  for (const plan of plans.values()) {
    for (const [field, r] of plan.roles) {
      const key = `${field}\u0000${r.role ?? ''}\u0000${r.how ?? ''}`;
      const c = fieldCounts.get(key);
      if (c) c.rows += plan.rows;
      else fieldCounts.set(key, { field, role: r.role, how: r.how, rows: plan.rows });
    }
  }
  const fields = [...fieldCounts.values()];
  for (const f of fields) {
    if (f.role === null) {
      collector.add({
        severity: 'info',
        code: 'cache-field-not-understood',
        message: `field "${f.field}" (in ${f.rows} row${f.rows === 1 ? '' : 's'}) was not understood; it is kept but unused`,
        file,
      });
    }
  }
  return {
    entries,
    index: { buckets, previous: previousSameKey.subarray(0, entries.length) },
    rows,
    fields,
    unkeyedRows: unkeyed,
    duplicateKeys: duplicates,
    conflictingDuplicates: conflicts,
    unknownOutcomeRows,
    issues: collector.issues,
    omittedIssues: collector.omitted,
  };
}

/**
 * Looks up the execution of a snippet against a suite by their hashes (lowercase hex) and, when `language` is
 * given, its language (a row without `language` is Python; the same code and tests in two languages are two
 * executions). Without `language` the newest entry with the two hashes is returned, whatever its language.
 *
 * @example
 * const entry = lookupExecution(cache, codeSha256(code), testsSha256(tests));
 * if (entry?.passesAllTests) console.log('passes');
 * lookupExecution(cache, codeSha256(js), testsSha256(jsTests), 'javascript');
 */
export function lookupExecution(
  cache: ReleaseExecutionCache,
  codeHash: string,
  testsHash: string,
  language?: Language,
): ReleaseExecutionEntry | undefined {
  if (
    typeof codeHash !== 'string' ||
    typeof testsHash !== 'string' ||
    codeHash.length !== 64 ||
    testsHash.length !== 64
  )
    return undefined;
  const { buckets, previous } = cache.index;
  for (let k = buckets.get(executionBucketKey(codeHash, testsHash)) ?? -1; k !== -1; k = previous[k] as number) {
    const entry = cache.entries[k] as ReleaseExecutionEntry;
    if (
      entry.codeSha256 === codeHash &&
      entry.testsSha256 === testsHash &&
      (language === undefined || entry.language === language)
    )
      return entry;
  }
  return undefined;
}
