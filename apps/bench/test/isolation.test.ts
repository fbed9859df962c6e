// The CLI without bubblewrap (EXECRET_BWRAP pointing nowhere stands in for a machine without it): one clear
// warning under auto, a usage error when bwrap is required, and model-written code refused unless allowed. The
// dataset is release-tiny (what is checked does not depend on it, and mini's executions cost ~50 s on a busy machine).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { capture } from './capture.js';

const TINY = join(import.meta.dirname, '../../../fixtures/release-tiny');

describe('execret without bubblewrap', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-isolation-'));
    env = {
      ...process.env,
      EXECRET_CACHE_DIR: join(root, 'cache'),
      EXECRET_OFFLINE: '1',
      EXECRET_BWRAP: join(root, 'no-bwrap-here'),
    };
    delete env.EXECRET_ISOLATION;
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));

  it('warns once under auto, saying what rlimit exposes and how to get bubblewrap, and verifies', async () => {
    const r = await capture(() => main(['verify', '--dataset', TINY], env));
    expect(r.code).toBe(0);
    expect(r.stderr.match(/bubblewrap is not usable here/g)).toHaveLength(1);
    expect(r.stderr).toMatch(/read every file its uid may read/);
    expect(r.stderr).toMatch(/apt-get install bubblewrap/);
    expect(r.stdout).toMatch(/isolation: rlimit/);
  }, 120_000);

  it('says nothing when rlimit is asked for (flag or EXECRET_ISOLATION)', async () => {
    const r = await capture(() => main(['verify', '--dataset', TINY], { ...env, EXECRET_ISOLATION: 'rlimit' }));
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/bubblewrap is not usable/);
  }, 120_000);

  it('fails when bubblewrap is required', async () => {
    const r = await capture(() => main(['verify', '--dataset', TINY, '--isolation', 'bwrap'], env));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/isolation 'bwrap' requested but bubblewrap/);
  }, 120_000);

  it('rejects a bad --isolation as a usage error', async () => {
    const r = await capture(() => main(['verify', '--dataset', TINY, '--isolation', 'docker'], env));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--isolation must be one of auto, bwrap, rlimit, got "docker"/);
  });

  it('refuses an LLM-written-tests reranker without --allow-unsandboxed', async () => {
    const out = join(root, 'refused');
    const r = await capture(() =>
      main(['run', '--models', 'bm25', '--rerank', 'exec/tests@openai/gpt-5-mini', '--skip-verify', '--out', out], {
        ...env,
        OPENAI_API_KEY: 'sk-test-not-used',
      }),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--rerank exec\/tests@openai\/gpt-5-mini runs code or tests written by a language model/);
    expect(r.stderr).toMatch(/--allow-unsandboxed/);
  }, 120_000);

  it('puts the isolation first in the manifest and the report', async () => {
    const out = join(root, 'results');
    const r = await capture(() =>
      main(
        [
          'run',
          '--dataset',
          TINY,
          '--models',
          'bm25',
          '--rerank',
          'none',
          '--skip-verify',
          '--resamples',
          '200',
          '--out',
          out,
        ],
        env,
      ),
    );
    expect(r.code).toBe(0);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(manifest).slice(0, 4)).toEqual([
      'tool',
      'isolation',
      'isolation_requested',
      'isolation_fallback_reason',
    ]);
    expect(manifest.isolation).toBe('rlimit');
    expect(manifest.isolation_requested).toBe('auto');
    const html = await readFile(join(out, 'report.html'), 'utf8');
    expect(html.indexOf('id="isolation"')).toBeGreaterThan(0);
    expect(html.indexOf('id="isolation"')).toBeLessThan(html.indexOf('id="leaderboard"'));
    expect(html).toMatch(/Sandbox: rlimit isolation only/);
  }, 300_000);
});
