import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { RESULTS_LAYOUT } from './results-layout.js';

/**
 * Fields of a results folder's files that record the run itself rather than its results, by file: when it ran and
 * how long each part took (`time`), how much work this process did rather than read from its caches (`work`), and
 * where its caches are (`place`). Two runs of the same configuration — one unsharded, one after merging shards, or a
 * rerun over a warm cache — differ only there; every other byte of every file is the same. Field paths: `a.b` a
 * field, `a[]` every element of an array, `a.*` every value of an object; for `.jsonl` files, of every line.
 */
export const RUN_RECORD_FIELDS: readonly {
  readonly file: string;
  readonly fields: readonly string[];
  readonly records: 'time' | 'work' | 'place';
}[] = [
  { file: RESULTS_LAYOUT.manifest, fields: ['created_at', 'timings_seconds'], records: 'time' },
  {
    file: RESULTS_LAYOUT.manifest,
    fields: [
      'oracle_stats',
      'verify.executed',
      'verify.cached',
      'verify.seconds',
      'retrieved_pairs.executed',
      'retrieved_pairs.cached',
      'embedding.*.cache_hits',
      'embedding.*.usage',
      'embedding.*.seconds',
      'two_stage_systems[].usage',
      'two_stage_systems[].execution',
      'two_stage_systems[].seconds',
      'two_stage_systems[].per_query',
    ],
    records: 'work',
  },
  { file: RESULTS_LAYOUT.manifest, fields: ['skipped_systems[].reason'], records: 'place' },
  { file: `${RESULTS_LAYOUT.rerank}/<system>.jsonl`, fields: ['audit.cost'], records: 'work' },
  { file: RESULTS_LAYOUT.rerankArtifacts, fields: ['execution.duration_ms'], records: 'time' },
  { file: RESULTS_LAYOUT.report, fields: ['the manifest’s created_at'], records: 'time' },
  { file: RESULTS_LAYOUT.report, fields: ['the second stages’ Cost table'], records: 'work' },
];

/** Removes a dotted field path (`a.b`, `a[].b`, `a.*.b`) from a parsed JSON value, in place. */
function drop(value: unknown, path: readonly string[]): void {
  if (typeof value !== 'object' || value === null || path.length === 0) return;
  const [head, ...rest] = path as [string, ...string[]];
  const record = value as Record<string, unknown>;
  if (head === '*') {
    for (const child of Object.values(record)) drop(child, rest);
    return;
  }
  const array = head.endsWith('[]');
  const key = array ? head.slice(0, -2) : head;
  if (!Object.hasOwn(record, key)) return;
  if (rest.length === 0 && !array) {
    delete record[key];
    return;
  }
  const child = record[key];
  if (array && Array.isArray(child)) for (const element of child) drop(element, rest);
  else drop(child, rest);
}

/** The run-record fields of a file (its entry in RUN_RECORD_FIELDS), as split paths. */
function fieldsOf(file: string): string[][] {
  return RUN_RECORD_FIELDS.filter((r) => r.file === file).flatMap((r) => r.fields.map((f) => f.split('.')));
}

/**
 * A results-folder file's text without the fields that record the run itself ({@link RUN_RECORD_FIELDS}), for
 * comparing two runs: JSON files and each line of `.jsonl` files re-serialised without those fields, `report.html`
 * with the manifest's `created_at` and the second stages' Cost table emptied; any other file as it is.
 *
 * @param file the path relative to the folder, with `/` separators (`manifest.json`, `rerank/bm25__exec__consensus.jsonl`)
 * @example
 * withoutRunRecord('rerank/exec-artifacts.jsonl', '{"kind":"execution","execution":{"duration_ms":3.1}}\n');
 * // '{"kind":"execution","execution":{}}\n'
 */
export function withoutRunRecord(file: string, text: string): string {
  if (file === RESULTS_LAYOUT.report)
    return text
      .replace(/(<dt>created_at<\/dt>\s*<dd>)[^<]*(<\/dd>)/, '$1$2')
      .replace(/(<h3>Cost<\/h3>)[\s\S]*?(<\/table>)/, '$1$2');
  const jsonl = file.startsWith(`${RESULTS_LAYOUT.rerank}/`) && file.endsWith('.jsonl');
  const fields = jsonl
    ? fieldsOf(file === RESULTS_LAYOUT.rerankArtifacts ? file : `${RESULTS_LAYOUT.rerank}/<system>.jsonl`)
    : fieldsOf(file);
  if (fields.length === 0) return text;
  const clean = (json: string): string => {
    const value = JSON.parse(json) as unknown;
    for (const path of fields) drop(value, path);
    return JSON.stringify(value);
  };
  if (!jsonl) return clean(text);
  return text
    .split('\n')
    .map((line) => (line.trim() === '' ? line : clean(line)))
    .join('\n');
}

/** How two results folders compare, file by file (paths relative to the folders, `/` separators, sorted). */
export interface ResultsFolderComparison {
  /** Byte for byte the same. */
  readonly identical: string[];
  /** The same once the fields that record the run itself are set aside ({@link withoutRunRecord}). */
  readonly sameResults: string[];
  /** Different beyond those fields. */
  readonly different: string[];
  readonly onlyInA: string[];
  readonly onlyInB: string[];
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/**
 * Compares two results folders file by file: byte-identical, the same apart from the fields that record the run
 * itself ({@link RUN_RECORD_FIELDS}), or different; and the files only one of them has.
 *
 * @example
 * const c = await compareResultsFolders('results-unsharded', 'results-merged');
 * c.different.length === 0 && c.onlyInA.length === 0 && c.onlyInB.length === 0; // the same results
 */
export async function compareResultsFolders(a: string, b: string): Promise<ResultsFolderComparison> {
  const [inA, inB] = await Promise.all([filesUnder(a), filesUnder(b)]);
  const both = inA.filter((f) => inB.includes(f));
  const comparison: ResultsFolderComparison = {
    identical: [],
    sameResults: [],
    different: [],
    onlyInA: inA.filter((f) => !inB.includes(f)),
    onlyInB: inB.filter((f) => !inA.includes(f)),
  };
  for (const file of both) {
    const [x, y] = await Promise.all([readFile(join(a, file)), readFile(join(b, file))]);
    if (x.equals(y)) comparison.identical.push(file);
    else if (withoutRunRecord(file, x.toString('utf8')) === withoutRunRecord(file, y.toString('utf8')))
      comparison.sameResults.push(file);
    else comparison.different.push(file);
  }
  return comparison;
}
