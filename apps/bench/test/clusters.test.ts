import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareResultsFolders } from '@execret/dataset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const REPO = join(import.meta.dirname, '../../..');
const CHILD = join(import.meta.dirname, 'cli-child.ts');
/** The CLI as the image runs it, and as this checkout runs it from source. */
const IMAGE_CLI = 'node /opt/execret/apps/bench/bin/execret.js';
const SOURCE_CLI = `${process.execPath} --conditions=@execret/source --import tsx ${CHILD}`;

interface Container {
  name: string;
  args: string[];
  env: {
    name: string;
    value?: string;
    valueFrom?: { resourceFieldRef?: { containerName: string; resource: string } };
  }[];
}
interface JobDocument {
  metadata: { name: string; labels: Record<string, string> };
  spec: {
    completionMode?: string;
    completions?: number;
    parallelism?: number;
    template: { spec: { containers: Container[] } };
  };
}

/** Runs a pod's shell script with `env` (the CLI from source, /work in `work`); resolves with its exit code and output. */
function pod(
  script: string,
  env: Record<string, string>,
  work: string,
): Promise<{ code: number | null; output: string }> {
  const local = script.replaceAll('/work/', `${work}/`).replaceAll(IMAGE_CLI, SOURCE_CLI);
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', local], {
      env: { ...process.env, EXECRET_OFFLINE: '1', ...env },
      cwd: join(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('docs/clusters/execret-indexed-job.yaml', () => {
  let jobs: JobDocument[];
  let root: string;
  beforeAll(async () => {
    const text = await readFile(join(REPO, 'docs/clusters/execret-indexed-job.yaml'), 'utf8');
    jobs = parseAllDocuments(text).map((d) => d.toJS() as JobDocument);
    root = await mkdtemp(join(tmpdir(), 'execret-indexed-job-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** A container's environment as the pod gets it, `limits.cpu` from the downward API as `cpus`. */
  const environment = (container: Container, cpus: string): Record<string, string> =>
    Object.fromEntries(container.env.map((e) => [e.name, e.value ?? (e.valueFrom?.resourceFieldRef ? cpus : '')]));

  it('has the embed, shards and merge Jobs, each Indexed Job with one shard per completion', () => {
    expect(jobs.map((j) => [j.metadata.name, j.metadata.labels.step])).toEqual([
      ['execret-embed', 'embed'],
      ['execret-shards', 'shards'],
      ['execret-merge', 'merge'],
    ]);
    for (const job of jobs.slice(0, 2)) {
      expect(job.spec.completionMode).toBe('Indexed');
      const container = job.spec.template.spec.containers[0]!;
      expect(Number(environment(container, '1').EXECRET_SHARD_COUNT)).toBe(job.spec.completions);
      expect(job.spec.parallelism).toBeLessThanOrEqual(job.spec.completions!);
      expect(container.args[0]).toContain('--shard auto');
    }
    for (const job of jobs) expect(job.spec.template.spec.containers[0]!.args[0]).toContain(IMAGE_CLI);
  });

  it('gives the unsharded results when its pods run as an Indexed Job would run them (2 shards, release-tiny)', async () => {
    const dataset = join(REPO, 'fixtures/release-tiny');
    const single = await pod(
      `${IMAGE_CLI} run --dataset "$DATASET" --resamples 300 --out /work/single`,
      { EXECRET_CACHE_DIR: join(root, 'single-cache'), DATASET: dataset },
      root,
    );
    expect(single.code, single.output).toBe(0);
    const shards = 2;
    for (const job of jobs) {
      const container = job.spec.template.spec.containers[0]!;
      const env = { ...environment(container, '1'), DATASET: dataset, RUN_OPTIONS: '--resamples 300' };
      if (job.spec.completionMode !== 'Indexed') {
        const done = await pod(container.args[0]!, env, root);
        expect(done.code, done.output).toBe(0);
        continue;
      }
      const done = await Promise.all(
        Array.from({ length: shards }, (_, index) =>
          pod(
            container.args[0]!,
            { ...env, EXECRET_SHARD_COUNT: String(shards), JOB_COMPLETION_INDEX: String(index) },
            root,
          ),
        ),
      );
      for (const d of done) expect(d.code, d.output).toBe(0);
    }
    const manifest = JSON.parse(await readFile(join(root, 'results', 'manifest.json'), 'utf8'));
    expect(manifest.verify.executed).toBe(0);
    expect(manifest.retrieved_pairs.executed).toBe(0);
    expect(
      manifest.two_stage_systems.map((s: { execution: { executions: number } }) => s.execution.executions),
    ).toEqual([0, 0]);
    const comparison = await compareResultsFolders(join(root, 'single'), join(root, 'results'));
    expect(comparison.identical).toContain('results/bm25__exec__consensus.json');
    expect([comparison.different, comparison.onlyInA, comparison.onlyInB]).toEqual([[], [], []]);
  }, 600_000);
});
