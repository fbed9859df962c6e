/**
 * Writes a synthetic release with the full size of ExecRetrieval (939 queries, 4,694 snippets, ~46k execution-cache
 * rows) for load benchmarks. Snippets are ~0.5 KB Python functions, suites 7–10 asserts, so file sizes are in the
 * range of the real release. Deterministic for a given seed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeSha256, executionCacheRecord, formatExecutionCacheLine, mulberry32, testsSha256 } from '@execret/formats';
import { DOCUMENTED_DOMAINS } from '../src/index.js';
import { PYTHON_JSON_STYLE, serializeJson } from '../src/json-style.js';

export interface SyntheticReleaseOptions {
  queries?: number;
  cacheRows?: number;
  seed?: number;
}

export interface SyntheticReleaseInfo {
  queries: number;
  snippets: number;
  cacheRows: number;
  bytes: Record<string, number>;
}

const pad = (n: number) => String(n).padStart(4, '0');

function canonicalCode(name: string, k: number): string {
  return [
    `def ${name}(values, limit):`,
    `    """Return the sum of the first items of values that stay below limit (task ${k})."""`,
    '    if not values:',
    '        return 0',
    '    total = 0',
    '    count = 0',
    '    for index, value in enumerate(values):',
    '        if value < limit and index < len(values):',
    `            total = total + value * ${(k % 7) + 1}`,
    '            count += 1',
    '        elif value == limit:',
    '            break',
    '    if count == 0:',
    '        return -1',
    '    return total',
    '',
  ].join('\n');
}

const MUTATIONS: [string, (code: string) => string][] = [
  ['off_by_one', (c) => c.replace('index < len(values)', 'index < len(values) - 1')],
  ['wrong_operator', (c) => c.replace('total = total + value', 'total = total - value')],
  ['wrong_comparison', (c) => c.replace('value < limit', 'value <= limit')],
  ['remove_edge_case_check', (c) => c.replace('    if not values:\n        return 0\n', '')],
  ['off_by_one_boundary', (c) => c.replace('count == 0', 'count == 1')],
  ['swap_arguments', (c) => c.replace('enumerate(values)', 'enumerate(reversed(values))')],
];

/**
 * Writes `<dir>/data/{corpus,queries,distractor_metadata,execution_cache}.jsonl`.
 *
 * @example
 * const info = writeSyntheticRelease('/tmp/synthetic'); // 939 queries, 4694 snippets, 46000 cache rows
 */
export function writeSyntheticRelease(dir: string, options: SyntheticReleaseOptions = {}): SyntheticReleaseInfo {
  const nq = options.queries ?? 939;
  const targetCache = options.cacheRows ?? 46_000;
  const random = mulberry32(options.seed ?? 1);
  const corpus: string[] = [];
  const queries: string[] = [];
  const meta: string[] = [];
  const cache: string[] = [];
  const codes: string[] = [];
  const owners: number[] = [];
  const suites: string[][] = [];
  let nextId = 1;
  for (let q = 0; q < nq; q++) {
    const domain = DOCUMENTED_DOMAINS[q % DOCUMENTED_DOMAINS.length] as string;
    const entry = `exec_${domain}_${Math.floor(q / 30)}`;
    const name = `task_${domain}_${q}`;
    const code = canonicalCode(name, q);
    const nTests = 7 + (q % 4);
    const tests = Array.from(
      { length: nTests },
      (_, t) => `assert ${name}([${t}, ${t + 1}, ${t + 2}], ${t + 5}) == ${3 * t + 3}`,
    );
    const canonicalId = `c_${pad(nextId++)}`;
    corpus.push(
      serializeJson({ corpus_id: canonicalId, code, label: 'correct', source_entry_id: entry }, PYTHON_JSON_STYLE),
    );
    codes.push(code);
    owners.push(q);
    const nd = q === nq - 1 ? 3 : 4;
    const distractorIds: string[] = [];
    for (let d = 0; d < nd; d++) {
      const [bug, mutate] = MUTATIONS[(q + d) % MUTATIONS.length] as [string, (c: string) => string];
      const id = `c_${pad(nextId++)}`;
      const dcode = mutate(code);
      distractorIds.push(id);
      corpus.push(
        serializeJson(
          { corpus_id: id, code: dcode, label: 'incorrect', bug_type: bug, source_entry_id: entry },
          PYTHON_JSON_STYLE,
        ),
      );
      meta.push(
        serializeJson(
          { distractor_corpus_id: id, canonical_corpus_id: canonicalId, bug_type: bug, line: 9 },
          PYTHON_JSON_STYLE,
        ),
      );
      codes.push(dcode);
      owners.push(q);
      cache.push(
        formatExecutionCacheLine(
          executionCacheRecord(
            codeSha256(dcode),
            testsSha256(tests),
            tests.map((_, t) => (t % 3 === 0 ? 'FAIL' : 'pass')),
          ),
        ).trimEnd(),
      );
    }
    cache.push(
      formatExecutionCacheLine(
        executionCacheRecord(
          codeSha256(code),
          testsSha256(tests),
          tests.map(() => 'pass'),
        ),
      ).trimEnd(),
    );
    suites.push(tests);
    queries.push(
      serializeJson(
        {
          query_id: `q_${pad(q + 1)}`,
          query: `Sum the values of a list that stay below a limit, weighting them for task ${q} of ${domain}.`,
          test_suite: tests,
          correct_corpus_ids: [canonicalId],
          paired_distractor_corpus_ids: distractorIds,
          entry_id: entry,
          metadata: {
            model: 'synthetic',
            endpoint: 'batch',
            generated_at: '2026-03-01T00:00:00Z',
            batch_usage: { prompt_tokens: 700, completion_tokens: 1100 },
          },
        },
        PYTHON_JSON_STYLE,
      ),
    );
  }
  // cross pairs (snippet of one task against another task's suite), as retrieval runs would add
  const codeHashes = codes.map(codeSha256);
  const suiteHashes = suites.map(testsSha256);
  const seen = new Set<string>();
  while (cache.length < targetCache) {
    const c = Math.floor(random() * codes.length);
    const q = Math.floor(random() * suites.length);
    const key = `${c}:${q}`;
    if (owners[c] === q || seen.has(key)) continue;
    seen.add(key);
    const tests = suites[q] as string[];
    const error = random() < 0.3;
    cache.push(
      formatExecutionCacheLine({
        ...executionCacheRecord(
          codeHashes[c] as string,
          suiteHashes[q] as string,
          tests.map((_, t) => (error ? 'ERROR:NameError' : t % 2 === 0 ? 'FAIL' : 'pass')),
        ),
        durationMs: Math.floor(random() * 20),
      }).trimEnd(),
    );
  }
  mkdirSync(join(dir, 'data'), { recursive: true });
  const files: Record<string, string[]> = { corpus, queries, distractor_metadata: meta, execution_cache: cache };
  const bytes: Record<string, number> = {};
  for (const [name, lines] of Object.entries(files)) {
    const text = `${lines.join('\n')}\n`;
    writeFileSync(join(dir, 'data', `${name}.jsonl`), text);
    bytes[`data/${name}.jsonl`] = Buffer.byteLength(text);
  }
  return { queries: nq, snippets: corpus.length, cacheRows: cache.length, bytes };
}
