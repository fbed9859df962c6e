/**
 * Embedding throughput of execret's `local/all-minilm-l6-v2` beside sentence-transformers on the same checkpoint, in
 * one run on this CPU (issue 28):
 *
 *   node scripts/local-model/prepare.mjs                                   # once
 *   pnpm --filter @execret/bench real-model:throughput [-- --rounds 3] [-- --local-models dir]
 *
 * The same texts as the fidelity benchmark (`fidelity-texts.ts`), batch size 32 on both sides. Rounds alternate:
 * the reference (a fresh Python process that embeds everything once to warm up, then once timed:
 * `SentenceTransformer.encode(texts, batch_size=32)`, fp32, torch's default threads) and execret (one embedder kept
 * open, warmed up once, then one timed `embed()` per round, fp32 and q8, onnxruntime's default threads). Both times
 * cover tokenization, batching, the forward passes, pooling and normalisation, not model loading. The median round
 * is reported with texts/s and tokens/s (tokens as sentence-transformers counts them, [CLS] and [SEP] included),
 * with the machine (CPU model, cores, load average before and after).
 */

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createEmbedder, type Embedder, type EmbeddingDtype } from '@execret/embedders';
import { fidelityTexts } from './fidelity-texts.js';
import { arg, localModels, MODEL_ID, median, REPO, referencePython, runReference } from './reference.js';

const OUT = resolve(arg('out', 'real-model-throughput'));
const ROUNDS = Number(arg('rounds', '3'));
const BATCH = 32;

async function open(models: string, dtype: EmbeddingDtype): Promise<Embedder> {
  return createEmbedder(MODEL_ID, { localModelPath: models, allowRemoteModels: false, dtype });
}

async function timed(embedder: Embedder, texts: readonly string[]): Promise<number> {
  const started = performance.now();
  await embedder.embed(texts, { kind: 'document' });
  return (performance.now() - started) / 1000;
}

async function run(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const models = localModels();
  const texts = fidelityTexts(REPO).map((t) => t.text);
  const textsFile = join(OUT, 'texts.json');
  writeFileSync(textsFile, JSON.stringify(texts));
  const python = referencePython();
  const loadBefore = loadavg();
  const fp32 = await open(models, 'fp32');
  const q8 = await open(models, 'q8');
  const tokens = { value: 0 };
  await fp32.embed(texts, {
    kind: 'document',
    onBatch: (b) => {
      tokens.value += (b.tokenIds ?? []).reduce((sum, ids) => sum + ids.length, 0);
    },
  });
  await q8.embed(texts, { kind: 'document' });
  const seconds = { reference: [] as number[], fp32: [] as number[], q8: [] as number[] };
  let threads = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const answer = JSON.parse(
      await runReference(python, ['time', '--texts', textsFile, '--batch-size', String(BATCH)]),
    ) as { seconds: number; threads: number };
    seconds.reference.push(answer.seconds);
    threads = answer.threads;
    seconds.fp32.push(await timed(fp32, texts));
    seconds.q8.push(await timed(q8, texts));
    process.stderr.write(
      `round ${round}: reference ${answer.seconds.toFixed(2)} s, execret fp32 ${seconds.fp32.at(-1)?.toFixed(2)} s, q8 ${seconds.q8.at(-1)?.toFixed(2)} s\n`,
    );
  }
  await fp32.close?.();
  await q8.close?.();
  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    loadBefore: loadBefore.map((x) => Number(x.toFixed(2))),
    loadAfter: loadavg().map((x) => Number(x.toFixed(2))),
    node: process.version,
    torchThreads: threads,
  };
  const row = (name: string, s: readonly number[]) => {
    const m = median(s);
    return { name, seconds: s, median: m, textsPerSecond: texts.length / m, tokensPerSecond: tokens.value / m };
  };
  const rows = [
    row('sentence-transformers fp32 (torch)', seconds.reference),
    row('execret fp32 (transformers.js, onnxruntime-node)', seconds.fp32),
    row('execret q8 (transformers.js, onnxruntime-node)', seconds.q8),
  ];
  const versions = JSON.parse(readFileSync(join(models, 'Xenova/all-MiniLM-L6-v2/weights.json'), 'utf8')).export
    .versions as Record<string, string>;
  writeFileSync(
    join(OUT, 'throughput.json'),
    `${JSON.stringify({ texts: texts.length, tokens: tokens.value, batch: BATCH, rounds: ROUNDS, machine, versions, rows }, null, 2)}\n`,
  );
  const reference = rows[0]?.median as number;
  process.stdout.write(
    [
      `${texts.length} texts, ${tokens.value} tokens, batch ${BATCH}, median of ${ROUNDS} alternating rounds; ${machine.cpu}, ${machine.cores} cores, load ${machine.loadBefore.join(' ')} before, ${machine.loadAfter.join(' ')} after; torch threads ${threads}`,
      '',
      '| implementation | seconds (median) | texts/s | tokens/s | time vs reference |',
      '|---|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.median.toFixed(2)} | ${r.textsPerSecond.toFixed(0)} | ${r.tokensPerSecond.toFixed(0)} | ${(r.median / reference).toFixed(2)}× |`,
      ),
      '',
    ].join('\n'),
  );
}

await run();
