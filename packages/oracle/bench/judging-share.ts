// How many tests of a corpus split judging covers, and how strong the cover is.
//
//   pnpm --filter @execret/oracle bench:judging                                  # mini tasks + synthetic corpus
//   pnpm --filter @execret/oracle bench:judging -- --tasks path/to/tasks.jsonl   # another task file
//
// Two measurements per corpus:
// 1. shape, by the fork server's own classifier (`split_assert` in python/execret_fork_server/plan.py, run here on
//    the test strings): `strong` (`<expr> == <literal>` with a literal other than True/False/None: the
//    child must compute the value), `weak` (truthiness, `== True/False/None`, `is`, `!=`, `<`, `in`…:
//    the verdict is still the judge's, but a forger has a fair chance of guessing a value that passes),
//    `literal` (asserts made of literals only: nothing for the child to report but whether the snippet
//    ran), `child` (any other shape);
// 2. how the oracle actually judged every test when running the corpus (`split`, `child`, `fallback`:
//    the value was not plain data).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Judged } from '@execret/formats';
import { createOracle, type OracleJob, resolvePython } from '../src/index.js';
import { PYTHON_DIR } from '../src/python-files.js';
import { syntheticCorpus } from './synthetic-corpus.js';

const args = process.argv.slice(2);
const at = args.indexOf('--tasks');
const TASKS =
  at >= 0 && args[at + 1]
    ? (args[at + 1] as string)
    : fileURLToPath(new URL('../../../fixtures/mini-tasks/tasks.jsonl', import.meta.url));

// Runs the judge's own planner (python/execret_fork_server/plan.py) on test strings; prints one shape each.
const CLASSIFY = `
import json, sys
python_dir, tests_file = sys.argv[1], sys.argv[2]
sys.path.insert(0, python_dir)
sys.dont_write_bytecode = True
from execret_fork_server.plan import is_singleton, plan_test
shapes = []
for test in json.load(open(tests_file)):
    plan = plan_test(test, 300)
    split = plan.get("split")
    if split is None:
        shapes.append("child")
        continue
    judge = split[1]
    if judge[0] == "const":
        shapes.append("literal")
    elif judge[0] == "cmp" and judge[1] == "Eq" and not is_singleton(judge[2]):
        shapes.append("strong")
    else:
        shapes.append("weak")
print(json.dumps(shapes))
`;

interface Corpus {
  name: string;
  jobs: OracleJob[];
}

function shapes(python: string, tests: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'execret-judging-share-'));
  try {
    writeFileSync(join(dir, 'tests.json'), JSON.stringify(tests));
    const out = execFileSync(python, ['-I', '-c', CLASSIFY, PYTHON_DIR, join(dir, 'tests.json')], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    return JSON.parse(out) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pct = (n: number, total: number): string => `${n} (${((100 * n) / total).toFixed(1)}%)`;

async function main(): Promise<void> {
  const python = await resolvePython();
  const tasks = readFileSync(TASKS, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { canonical: string; tests: string[] });
  const corpora: Corpus[] = [
    {
      name: `mini tasks (${TASKS.split('/').slice(-2).join('/')}), canonicals`,
      jobs: tasks.map((t) => ({ code: t.canonical, tests: t.tests })),
    },
    {
      name: 'synthetic bench corpus, all snippets',
      jobs: syntheticCorpus().map(({ code, tests }) => ({ code, tests })),
    },
  ];
  const oracle = await createOracle({ concurrency: 2, timeoutMs: 5000 });
  try {
    for (const corpus of corpora) {
      const tests = corpus.jobs.flatMap((j) => j.tests);
      const byShape: Record<string, number> = { strong: 0, weak: 0, literal: 0, child: 0 };
      for (const s of shapes(python.executable, tests)) byShape[s] = (byShape[s] ?? 0) + 1;
      const results = await oracle.runMany(corpus.jobs);
      const judged: Record<Judged, number> = { split: 0, child: 0, fallback: 0 };
      for (const r of results) for (const j of r.judged) judged[j]++;
      const passing = results.filter((r) => r.status === 'pass').length;
      console.log(`${corpus.name}: ${corpus.jobs.length} suites, ${tests.length} asserts, ${passing} suites pass`);
      console.log(
        `  shape:  ${Object.entries(byShape)
          .map(([k, n]) => `${k} ${pct(n, tests.length)}`)
          .join(', ')}`,
      );
      console.log(
        `  judged: ${Object.entries(judged)
          .map(([k, n]) => `${k} ${pct(n, tests.length)}`)
          .join(', ')}`,
      );
      const allSplit = results.filter((r) => r.judged.every((j) => j === 'split')).length;
      console.log(`  suites judged entirely split: ${pct(allSplit, results.length)}`);
    }
  } finally {
    await oracle.close();
  }
}

await main();
