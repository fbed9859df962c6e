import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadExecRetrieval } from '@execret/dataset';
import { describeReranker } from '@execret/rerankers';
import { type FakeVoyageRerank, startFakeVoyageRerank } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { capture } from './capture.js';
import { runCli } from './cli-process.js';

const KEY = 'voyage-test-DO-NOT-LEAK-9f8e7d6c5b4a';
const SYSTEM = 'bm25>>voyage/rerank-2.5';
const SYSTEM_FILE = 'bm25__voyage__rerank-2.5';

/**
 * Scores like a reranker that knows the bundled mini set: a query's canonical 0.9, every other document 0.1, so a
 * reranker over it puts a passing snippet first whenever the first stage retrieved the canonical.
 */
async function preferCanonicals(): Promise<(query: string, document: string) => number> {
  const mini = await loadExecRetrieval('mini');
  const codeById = new Map(mini.corpus.map((row) => [row.corpus_id, row.code]));
  const canonicalsByQuery = new Map<string, Set<string>>();
  for (const row of mini.queries) {
    const codes = canonicalsByQuery.get(row.query) ?? new Set<string>();
    for (const id of row.correct_corpus_ids) codes.add(codeById.get(id)!);
    canonicalsByQuery.set(row.query, codes);
  }
  return (query, document) => (canonicalsByQuery.get(query)?.has(document) ? 0.9 : 0.1);
}

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function readJson<T = Record<string, unknown>>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

interface ResultFile {
  metrics: Record<string, number>;
  execret: { two_stage?: Record<string, unknown> & { ceiling: number; ceiling_per_query: number[] } };
  per_query: { top_results: { corpus_id: string; similarity: number }[] }[];
}

/** `execret run` of BM25 reranked by Voyage's rerank-2.5 into `out`, as JSON. */
const voyageRunArgs = (out: string): string[] => [
  'run',
  '--models',
  'bm25',
  '--rerank',
  'voyage/rerank-2.5',
  '--skip-verify',
  '--out',
  out,
  '--resamples',
  '500',
  '--json',
];

describe('execret run --rerank against a fake Voyage rerank server', () => {
  let root: string;
  let out: string;
  let env: NodeJS.ProcessEnv;
  let server: FakeVoyageRerank;
  let first: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-rerank-'));
    out = join(root, 'results');
    server = await startFakeVoyageRerank(await preferCanonicals(), { apiKey: KEY });
    env = {
      ...process.env,
      EXECRET_CACHE_DIR: join(root, 'cache'),
      EXECRET_OFFLINE: '1',
      VOYAGE_API_KEY: KEY,
      EXECRET_VOYAGE_BASE_URL: server.baseURL,
    };
    first = await capture(() => main(voyageRunArgs(out), env));
  }, 600_000);

  afterAll(async () => {
    await server?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('exits 0 and lists the two-stage system beside its first stage in the leaderboard', async () => {
    expect(first.stderr).not.toMatch(/execret run: /);
    expect(first.code, first.stderr).toBe(0);
    const summary = JSON.parse(first.stdout) as { leaderboard: { model: string }[] };
    expect(summary.leaderboard.map((r) => r.model).sort()).toEqual(['bm25', SYSTEM]);
    const board = await readJson<{ model: string }[]>(join(out, 'full_leaderboard.json'));
    expect(board.map((r) => r.model)).toContain(SYSTEM);
    expect(await readFile(join(out, 'leaderboard.md'), 'utf8')).toContain(`| ${SYSTEM} |`);
    expect(server.unauthorized).toBe(0);
    // One request per query (100 documents at most per request is far below Voyage's 1,000).
    expect(server.requests).toHaveLength(100);
    expect(server.requests.every((r) => r.documents.length === 10)).toBe(true);
  });

  it("lifts exec@1 to the first stage's exec@10 when the reranker prefers the canonical", async () => {
    const bm25 = await readJson<ResultFile>(join(out, 'results/bm25.json'));
    const two = await readJson<ResultFile>(join(out, `results/${SYSTEM_FILE}.json`));
    expect(bm25.metrics['exec@10']).toBeGreaterThan(bm25.metrics['exec@1']! + 0.3);
    expect(two.metrics['exec@1']).toBe(bm25.metrics['exec@10']);
    // Reordering the top 10 cannot change exec@10, and the ceiling is exactly that.
    expect(two.metrics['exec@10']).toBe(bm25.metrics['exec@10']);
    expect(two.execret.two_stage).toMatchObject({
      first_stage: 'bm25',
      depth: 10,
      reranker: 'voyage/rerank-2.5',
      reranker_config_hash: describeReranker('voyage/rerank-2.5').configHash,
      ceiling: bm25.metrics['exec@10'],
    });
    // Rank-derived run scores: 10, 9, …, 1.
    expect(two.per_query[0]!.top_results.map((r) => r.similarity)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('compares the two-stage system with its first stage in the pairwise tests and the report', async () => {
    const bm25 = await readJson<ResultFile>(join(out, 'results/bm25.json'));
    const two = await readJson<ResultFile>(join(out, `results/${SYSTEM_FILE}.json`));
    const pairwise = await readJson<Record<string, Record<string, Record<string, number>>>>(
      join(out, 'tests/pairwise_tests.json'),
    );
    const cell = pairwise[`bm25 vs ${SYSTEM}`]?.['exec@1'];
    expect(cell).toBeDefined();
    const delta = two.metrics['exec@1']! - bm25.metrics['exec@1']!;
    expect(cell!.delta).toBeCloseTo(-delta, 12);
    expect(cell!.a_only).toBe(0); // the reranker never loses a hit: the canonical is always put first
    expect(cell!.mcnemar_exact_p).toBeLessThan(0.001);
    const html = await readFile(join(out, 'report.html'), 'utf8');
    const section = html.slice(
      html.indexOf('<section id="two-stage">'),
      html.indexOf('</section>', html.indexOf('<section id="two-stage">')),
    );
    expect(section).toContain('bm25&gt;&gt;voyage/rerank-2.5');
    expect(section).toContain(`+${delta.toFixed(3)}`); // Δexec@1
    expect(section).toContain(`${bm25.metrics['exec@1']!.toFixed(3)} → ${two.metrics['exec@1']!.toFixed(3)}`);
    expect(section).toContain(`<td>${bm25.metrics['exec@10']!.toFixed(3)}</td>`); // the ceiling
    expect(section).toContain(`<td>${cell!.b_only}</td><td>0</td>`); // helped, hurt
  });

  it('records the first stage, depth, reranker hash and cost in the manifest and every decision in rerank/', async () => {
    const manifest = await readJson<{ two_stage_systems: Record<string, unknown>[] }>(join(out, 'manifest.json'));
    const entry = manifest.two_stage_systems[0]!;
    expect(entry).toMatchObject({
      model: SYSTEM,
      first_stage: 'bm25',
      depth: 10,
      reranker: { id: 'voyage/rerank-2.5', configHash: describeReranker('voyage/rerank-2.5').configHash },
      queries: 100,
      pairs: 1000,
      usage: { calls: 100, requests: 100, documents: 1000 },
    });
    const lines = (await readFile(join(out, `rerank/${SYSTEM_FILE}.jsonl`), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(100);
    const decision = JSON.parse(lines[0]!) as { candidates: string[]; hits: { corpus_id: string }[] };
    expect(decision.candidates).toHaveLength(10);
    expect(decision.hits.map((h) => h.corpus_id).sort()).toEqual([...decision.candidates].sort());
  });

  it('never writes the API key into an output or cache file, stdout or stderr', async () => {
    for (const file of [...(await allFiles(out)), ...(await allFiles(join(root, 'cache')))]) {
      if (file.endsWith('.onnx')) continue;
      expect(await readFile(file, 'utf8'), file).not.toContain(KEY);
    }
    expect(first.stdout + first.stderr).not.toContain(KEY);
  });

  it('reruns from the score cache without a request and reproduces the results byte for byte', async () => {
    const before = await readFile(join(out, `results/${SYSTEM_FILE}.json`), 'utf8');
    const requests = server.requests.length;
    const again = await capture(() => main(voyageRunArgs(out), env));
    expect(again.code, again.stderr).toBe(0);
    expect(server.requests.length).toBe(requests);
    expect(await readFile(join(out, `results/${SYSTEM_FILE}.json`), 'utf8')).toBe(before);
  }, 600_000);

  it('leaves exec@1 unchanged at depth 1 and keeps nothing beyond it', async () => {
    const shallow = join(root, 'depth1');
    const run = await capture(() =>
      main(
        [
          'run',
          '--models',
          'bm25',
          '--rerank',
          'voyage/rerank-2.5',
          '--rerank-depth',
          '1',
          '--skip-verify',
          '--out',
          shallow,
          '--resamples',
          '200',
          '--json',
        ],
        env,
      ),
    );
    expect(run.code, run.stderr).toBe(0);
    const bm25 = await readJson<ResultFile>(join(shallow, 'results/bm25.json'));
    const two = await readJson<ResultFile>(join(shallow, `results/${SYSTEM_FILE}.json`));
    expect(two.metrics['exec@1']).toBe(bm25.metrics['exec@1']);
    expect(two.metrics['exec@10']).toBe(two.metrics['exec@1']);
    expect(two.per_query.every((q) => q.top_results.length === 1)).toBe(true);
  }, 600_000);
});

async function completeLines(file: string): Promise<string[]> {
  try {
    const parts = (await readFile(file, 'utf8')).split('\n');
    parts.pop(); // a torn last line (no newline) is not a record
    return parts.filter((l) => l.trim() !== '');
  } catch {
    return [];
  }
}

describe('a rerank run killed with SIGKILL while reranking', () => {
  it('resumes from the score cache: cached pairs are never asked again, and a third run asks nothing', async () => {
    const root = await mkdtemp(join(tmpdir(), 'execret-rerank-kill-'));
    const server = await startFakeVoyageRerank(await preferCanonicals(), { apiKey: KEY, delayMs: 40 });
    try {
      const cacheFile = join(root, 'cache', 'rerank', 'scores.jsonl');
      const env = {
        ...process.env,
        EXECRET_CACHE_DIR: join(root, 'cache'),
        EXECRET_OFFLINE: '1',
        VOYAGE_API_KEY: KEY,
        EXECRET_VOYAGE_BASE_URL: server.baseURL,
      };
      const args = [
        'run',
        '--models',
        'bm25',
        '--rerank',
        'voyage/rerank-2.5',
        '--no-execute',
        '--resamples',
        '50',
        '--json',
        '--out',
        join(root, 'out'),
      ];
      const killed = await runCli(args, env, async () => (await completeLines(cacheFile)).length >= 100);
      expect(killed.signal).toBe('SIGKILL');
      const cached = await completeLines(cacheFile);
      expect(cached.length).toBeGreaterThanOrEqual(100);
      expect(cached.length).toBeLessThan(1000);
      const askedBefore = server.requests.length;
      const pairsPerQuery = new Map<string, number>();
      for (const line of cached) {
        const q = (JSON.parse(line) as { query_sha256: string }).query_sha256;
        pairsPerQuery.set(q, (pairsPerQuery.get(q) ?? 0) + 1);
      }
      const complete = new Set([...pairsPerQuery].filter(([, n]) => n === 10).map(([q]) => q));

      const resumed = await runCli(args, env);
      expect(resumed.code, resumed.stderr).toBe(0);
      const asked = server.requests.slice(askedBefore);
      const sha = (text: string) => createHash('sha256').update(text).digest('hex');
      expect(asked.filter((r) => complete.has(sha(r.query)))).toEqual([]);
      expect(asked.reduce((n, r) => n + r.documents.length, 0)).toBe(1000 - cached.length);
      expect((await completeLines(cacheFile)).length).toBe(1000);

      const third = await runCli(args, env);
      expect(third.code, third.stderr).toBe(0);
      expect(server.requests.length).toBe(askedBefore + asked.length);
      const manifest = await readJson<{ two_stage_systems: { usage: { requests: number } }[] }>(
        join(root, 'out', 'manifest.json'),
      );
      expect(manifest.two_stage_systems[0]!.usage.requests).toBe(0);
    } finally {
      await server.close();
      await rm(root, { recursive: true, force: true });
    }
  }, 600_000);
});
