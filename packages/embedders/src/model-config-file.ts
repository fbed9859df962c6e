import { readFile } from 'node:fs/promises';
import type { ModelConfig } from './types.js';

/** The fields a custom {@link ModelConfig} must have: every field of a registry entry. */
export const MODEL_CONFIG_FIELDS: readonly (keyof ModelConfig)[] = [
  'id',
  'family',
  'provider',
  'model',
  'revision',
  'dims',
  'similarity',
  'normalize',
  'prefixes',
  'taskTypes',
  'pooling',
  'paddingSide',
  'dtype',
  'maxBatch',
  'maxTokensPerInput',
  'maxTokensPerRequest',
  'price',
  'sources',
];

/** A problem of a model configuration file; see {@link readModelConfigs}. */
export interface ModelConfigIssue {
  readonly file: string;
  /** The entry's position when the file holds an array, `null` for a file holding one object (or none). */
  readonly index: number | null;
  /** Fields of {@link MODEL_CONFIG_FIELDS} the entry lacks (empty with `error`). */
  readonly missing: readonly string[];
  /** Why the file could not be read or parsed as JSON. */
  readonly error?: Error;
  /** The problem as one line naming the file (and entry): `my.json[1]: missing field(s) pooling, sources`. */
  readonly message: string;
}

/**
 * Reads custom model configurations, for models the registry does not have: each file holds one `ModelConfig`
 * object or an array of them. Every field of a registry entry is required ({@link MODEL_CONFIG_FIELDS}), so the
 * configuration — prefixes, pooling, normalisation, similarity — is recorded as explicitly as the registry's. Problems
 * are returned, in file and entry order, not thrown; the entries of a file with a problem are left out.
 *
 * @example
 * const { configs, issues } = await readModelConfigs(['my-model.json']);
 * if (issues.length === 0) await createEmbedder(configs[0]);
 */
export async function readModelConfigs(
  files: readonly string[],
): Promise<{ configs: ModelConfig[]; issues: ModelConfigIssue[] }> {
  const configs: ModelConfig[] = [];
  const issues: ModelConfigIssue[] = [];
  for (const file of files) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      issues.push({
        file,
        index: null,
        missing: [],
        error: error as Error,
        message: `${file}: ${(error as Error).message}`,
      });
      continue;
    }
    const entries = Array.isArray(parsed) ? parsed : [parsed];
    const problems = entries.flatMap((entry, i) => {
      const missing = MODEL_CONFIG_FIELDS.filter(
        (key) => typeof entry !== 'object' || entry === null || !(key in entry),
      );
      if (missing.length === 0) return [];
      const index = Array.isArray(parsed) ? i : null;
      const message = `${file}${index === null ? '' : `[${index}]`}: missing field(s) ${missing.join(', ')}`;
      return [{ file, index, missing, message }];
    });
    if (problems.length > 0) issues.push(...problems);
    else configs.push(...(entries as ModelConfig[]));
  }
  return { configs, issues };
}
