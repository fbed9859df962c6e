import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadExecRetrieval } from '@execret/dataset';
import { type ChatScript, type FakeOpenAI, startFakeOpenAI, userMessage } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { capture } from './capture.js';

const MINI = join(import.meta.dirname, '../../../fixtures/mini/data');
const KEY = 'sk-chat-DO-NOT-LEAK-13579bdf';
const CHAT = 'openai-compatible/fake-llm';
const RERANKERS = ['exec/consensus', 'exec/random-clone', `exec/tests@${CHAT}`, `exec/probe@${CHAT}`];
const fileOf = (reranker: string) => `bm25>>${reranker}`.replace(/[^A-Za-z0-9._-]+/g, '__');

interface QueryRow {
  query_id: string;
  test_suite: string[];
  correct_corpus_ids: string[];
  paired_distractor_corpus_ids: string[];
}

/**
 * A scripted model for `exec/tests@…` and `exec/probe@…`. A test-writing request (`Write … tests`, with the query
 * after `Description:`) is answered with `{"tests": […]}` holding that query's own test suite from the bundled mini
 * set — a model that writes correct tests, read from the fixture, never from the run's dataset, so its answer
 * depends on the prompt alone; a probe request (`Calls:`) is answered with `None` for every call. Anything else gets
 * an empty reply.
 */
async function miniChatScript(): Promise<ChatScript> {
  const mini = await loadExecRetrieval('mini');
  const suites = new Map(mini.queries.map((row) => [row.query, row.test_suite]));
  return (body) => {
    const user = userMessage(body);
    const description = /Description:\n([\s\S]*?)\n\nSignature:/.exec(user)?.[1];
    if (user.startsWith('Write ') && description !== undefined)
      return { content: JSON.stringify({ tests: suites.get(description) ?? [] }) };
    if (user.includes('\nCalls:\n')) {
      const calls = user
        .split('\nCalls:\n')[1]!
        .split('\n')
        .filter((l) => /^\d+\. /.test(l));
      return { content: JSON.stringify({ answers: calls.map((_, i) => ({ id: i + 1, returns: 'None' })) }) };
    }
    return { content: '' };
  };
}

/**
 * Writes a dataset folder with every eighth query of the bundled mini set (13 queries, one or two per domain) and
 * their groups; with `nonsense`, every test suite is replaced by asserts unrelated to the task (all fail).
 */
async function writeSubset(dir: string, nonsense: boolean): Promise<string[]> {
  const lines = (await readFile(join(MINI, 'queries.jsonl'), 'utf8')).trim().split('\n');
  const rows = lines.filter((_, i) => i % 8 === 0).map((l) => JSON.parse(l) as QueryRow);
  const keep = new Set(rows.flatMap((r) => [...r.correct_corpus_ids, ...r.paired_distractor_corpus_ids]));
  const corpus = (await readFile(join(MINI, 'corpus.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .filter((l) => keep.has((JSON.parse(l) as { corpus_id: string }).corpus_id));
  const queries = rows.map((row) =>
    JSON.stringify(
      nonsense
        ? { ...row, test_suite: Array.from({ length: 7 }, (_, i) => `assert len('nonsense ${i}') == ${100 + i}`) }
        : row,
    ),
  );
  await mkdir(join(dir, 'data'), { recursive: true });
  await writeFile(join(dir, 'data/corpus.jsonl'), `${corpus.join('\n')}\n`);
  await writeFile(join(dir, 'data/queries.jsonl'), `${queries.join('\n')}\n`);
  return rows.flatMap((r) => r.test_suite);
}

interface Decision {
  query_id: string;
  hits: unknown[];
  audit: Record<string, unknown> | null;
}

async function decisions(out: string, reranker: string): Promise<Decision[]> {
  const text = await readFile(join(out, 'rerank', `${fileOf(reranker)}.jsonl`), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Decision);
}

/** An audit without what depends on time or on the cache (costs, cache flags). */
function auditContent(audit: Record<string, unknown> | null): unknown {
  if (audit === null) return null;
  const { cost: _cost, chat, ...rest } = audit;
  return { ...rest, chat: chat === undefined ? undefined : { ...(chat as object), cached: undefined } };
}

describe('execution rerankers in execret run (leakage and wiring)', () => {
  let root: string;
  let chat: FakeOpenAI;
  let realSuites: string[];
  const runs: Record<'real' | 'nonsense', { code: number; stdout: string; stderr: string; out: string }> = {} as never;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-exec-rerank-'));
    chat = await startFakeOpenAI(await miniChatScript());
    realSuites = await writeSubset(join(root, 'real'), false);
    await writeSubset(join(root, 'nonsense'), true);
    for (const name of ['real', 'nonsense'] as const) {
      const out = join(root, `out-${name}`);
      const env = {
        ...process.env,
        EXECRET_CACHE_DIR: join(root, `cache-${name}`),
        EXECRET_OFFLINE: '1',
        OPENAI_API_KEY: KEY,
        EXECRET_OPENAI_COMPATIBLE_URL: chat.baseURL,
      };
      const args = ['run', '--dataset', join(root, name), '--models', 'bm25', '--rerank', RERANKERS.join(',')];
      const result = await capture(() =>
        main([...args, '--skip-verify', '--out', out, '--resamples', '200', '--json'], env),
      );
      runs[name] = { ...result, out };
    }
  }, 900_000);

  afterAll(async () => {
    await chat?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('runs every execution reranker as a two-stage system when given by --rerank', async () => {
    for (const run of Object.values(runs)) {
      expect(run.code, run.stderr).toBe(0);
      const summary = JSON.parse(run.stdout) as { leaderboard: { model: string }[] };
      expect(summary.leaderboard.map((r) => r.model).sort()).toEqual(
        ['bm25', ...RERANKERS.map((r) => `bm25>>${r}`)].sort(),
      );
    }
  });

  it('swapping the benchmark tests for nonsense changes the scores but no reranked order or audit', async () => {
    const real = JSON.parse(await readFile(join(runs.real.out, 'results/bm25.json'), 'utf8'));
    const nonsense = JSON.parse(await readFile(join(runs.nonsense.out, 'results/bm25.json'), 'utf8'));
    expect(real.metrics['exec@10']).toBeGreaterThan(0);
    expect(nonsense.metrics['exec@10']).toBe(0); // the swap took effect on the benchmark's side
    for (const reranker of RERANKERS) {
      const a = await decisions(runs.real.out, reranker);
      const b = await decisions(runs.nonsense.out, reranker);
      expect(a).toHaveLength(13);
      expect(
        b.map((d) => d.hits),
        reranker,
      ).toEqual(a.map((d) => d.hits));
      expect(
        b.map((d) => auditContent(d.audit)),
        reranker,
      ).toEqual(a.map((d) => auditContent(d.audit)));
    }
  });

  it('never puts a benchmark test into a prompt', () => {
    expect(chat.chatBodies.length).toBeGreaterThan(0);
    const prompts = chat.chatBodies.flatMap((b) => b.messages).map((m) => m.content);
    for (const test of realSuites) for (const prompt of prompts) expect(prompt).not.toContain(test);
    for (const prompt of prompts) expect(prompt).not.toContain('nonsense');
  });

  it('promotes canonicals when the chat model writes correct tests', async () => {
    const bm25 = JSON.parse(await readFile(join(runs.real.out, 'results/bm25.json'), 'utf8'));
    const tests = JSON.parse(
      await readFile(join(runs.real.out, `results/${fileOf(`exec/tests@${CHAT}`)}.json`), 'utf8'),
    );
    expect(tests.metrics['exec@1']).toBeGreaterThan(bm25.metrics['exec@1']);
    expect(tests.metrics['exec@1']).toBeLessThanOrEqual(tests.execret.two_stage.ceiling);
  });

  it('writes the audits, the artifacts behind them and the execution costs into the results folder', async () => {
    const consensus = await decisions(runs.real.out, 'exec/consensus');
    const withInputs = consensus.filter((d) => d.audit !== null && d.audit.inputs !== undefined);
    expect(withInputs.length).toBeGreaterThan(0);
    const tests = await decisions(runs.real.out, `exec/tests@${CHAT}`);
    expect(tests.some((d) => (d.audit?.tests as { tests: unknown[] } | undefined)?.tests.length)).toBe(true);
    const artifacts = (await readFile(join(runs.real.out, 'rerank/exec-artifacts.jsonl'), 'utf8')).trim().split('\n');
    const kinds = new Set(artifacts.map((l) => (JSON.parse(l) as { kind: string }).kind));
    expect([...kinds].sort()).toEqual(['chat', 'execution', 'inputs']);
    const manifest = JSON.parse(await readFile(join(runs.real.out, 'manifest.json'), 'utf8'));
    const entry = manifest.two_stage_systems.find((s: { model: string }) => s.model === 'bm25>>exec/consensus');
    expect(entry.execution.executions).toBeGreaterThan(0);
    expect(entry.per_query.executions).toBeGreaterThan(0);
    const testsEntry = manifest.two_stage_systems.find(
      (s: { model: string }) => s.model === `bm25>>exec/tests@${CHAT}`,
    );
    expect(testsEntry.usage.requests).toBeGreaterThan(0);
    expect(testsEntry.execution.chatCalls).toBe(testsEntry.usage.requests);
    const html = await readFile(join(runs.real.out, 'report.html'), 'utf8');
    expect(html).toContain('bm25&gt;&gt;exec/consensus');
  });

  it('never writes the chat key into an output or cache file', async () => {
    for (const dir of [runs.real.out, join(root, 'cache-real')]) {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      for (const e of entries.filter((x) => x.isFile())) {
        const file = join(e.parentPath, e.name);
        expect(await readFile(file, 'utf8'), file).not.toContain(KEY);
      }
    }
    expect(runs.real.stdout + runs.real.stderr).not.toContain(KEY);
  });
});
