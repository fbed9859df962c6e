import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeHubFolder, startFakeHubFolder } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { capture } from './capture.js';

const REPO = join(import.meta.dirname, '../../..');
const FIXTURE = join(REPO, 'fixtures/release-tiny');

describe('execret with an hf: dataset (a fake Hub on 127.0.0.1)', () => {
  let root: string;
  let hub: FakeHubFolder;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-hub-bench-'));
    // The release's embeddings/ folder: matrices exported from the tiny local model.
    const local = { ...process.env, EXECRET_CACHE_DIR: join(root, 'local-cache'), EXECRET_OFFLINE: '1' };
    const model = [
      '--model-config',
      join(REPO, 'fixtures/tiny-model/model-config.json'),
      '--local-models',
      join(REPO, 'fixtures/tiny-model'),
    ];
    const exported = await capture(() =>
      main(['embed', '--dataset', FIXTURE, ...model, '--export', join(root, 'npz'), '--json'], local),
    );
    expect(exported.code, exported.stderr).toBe(0);
    const npz = (await readdir(join(root, 'npz'))).filter((f) => f.endsWith('.npz'));
    expect(npz).toEqual(['local__tiny-bert.npz']);
    hub = await startFakeHubFolder('anon/tiny', FIXTURE, {
      'embeddings/local__tiny-bert.npz': await readFile(join(root, 'npz', npz[0] as string)),
    });
    env = { ...process.env, EXECRET_CACHE_DIR: join(root, 'cache'), HF_ENDPOINT: hub.endpoint };
    delete env.EXECRET_OFFLINE;
    delete env.HF_HUB_OFFLINE;
  }, 300_000);

  afterAll(async () => {
    await hub?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('writes the resolved commit into the manifest beside the source when run on hf:owner/name', async () => {
    const out = join(root, 'run');
    const run = await capture(() =>
      main(
        [
          'run',
          '--dataset',
          'hf:anon/tiny',
          '--models',
          'bm25',
          '--no-execute',
          '--resamples',
          '100',
          '--out',
          out,
          '--json',
        ],
        env,
      ),
    );
    expect(run.code, run.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.dataset).toBe('hf:anon/tiny');
    expect(manifest.dataset_commit).toBe(hub.commit);
    expect(manifest.dataset_hub).toMatchObject({
      repository: 'anon/tiny',
      revision: 'main',
      commit: hub.commit,
      resolution: 'hub',
      sha256sums: true,
      parts: [],
      refused: [],
    });
    expect(
      hub.requests.filter((u) => u.includes('/resolve/')).every((u) => u.includes(`/resolve/${hub.commit}/`)),
    ).toBe(true);
  }, 300_000);

  it("scores the release's own embeddings when given --embeddings release", async () => {
    const out = join(root, 'score');
    const scored = await capture(() =>
      main(
        ['score', '--dataset', 'hf:anon/tiny', '--embeddings', 'release', '--no-execute', '--out', out, '--json'],
        env,
      ),
    );
    expect(scored.code, scored.stderr).toBe(0);
    const result = JSON.parse(await readFile(join(out, 'results/local__tiny-bert.json'), 'utf8'));
    expect(result.per_query.length).toBe(result.n_queries);
    expect(hub.requests).toContain(`/datasets/anon/tiny/resolve/${hub.commit}/embeddings/local__tiny-bert.npz`);
  }, 300_000);

  it('fetches the requested folders with --with and refuses unknown ones', async () => {
    const out = join(root, 'with');
    const run = await capture(() =>
      main(
        [
          'run',
          '--dataset',
          `hf:anon/tiny@${hub.commit}`,
          '--with',
          'results,tests',
          '--models',
          'bm25',
          '--no-execute',
          '--resamples',
          '100',
          '--out',
          out,
          '--json',
        ],
        env,
      ),
    );
    expect(run.code, run.stderr).toBe(0);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.dataset_hub).toMatchObject({ resolution: 'pinned', parts: ['results', 'tests'] });
    expect(manifest.dataset_hub.files.map((f: { file: string }) => f.file)).toEqual(
      expect.arrayContaining(['results/toy-lexical.json', 'tests/pairwise_tests.json']),
    );
    const bad = await capture(() => main(['run', '--dataset', 'hf:anon/tiny', '--with', 'weights'], env));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--with takes embeddings, results, tests');
  }, 300_000);
});
