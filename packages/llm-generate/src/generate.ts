/**
 * `generateDataset`: the LLM construction pipeline, phase after phase. Each phase lives in its own file; this one
 * sets up the run (settings, client, progress store, Python, oracle), runs the phases in order and writes the
 * report.
 */

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExecutionOracle } from '@execret/generate';
import { createOracle, resolvePython } from '@execret/oracle';
import { runBatchPhase } from './batch-phase.js';
import { buildReport } from './build-report.js';
import { runChatPhase } from './chat-phase.js';
import { createOpenAIClient } from './client.js';
import { resumeEntries } from './entry-state.js';
import { LlmGenerateError } from './errors.js';
import {
  DEFAULT_PROGRESS_FILE,
  type GenerateOptions,
  type GenerateProgressEvent,
  REPORT_FILE,
  resolveGenerateSettings,
} from './generate-options.js';
import { cancelled, type GenerationRun } from './generation-run.js';
import { runIntegrityPhase } from './integrity-phase.js';
import { openProgressStore, type ProgressStore } from './progress.js';
import type { ParsedRegistry } from './registry.js';
import { type RegistryEntryInput, registryEntries } from './registry-input.js';
import type { ReleaseRecords } from './release.js';
import { runReleasePhase } from './release-phase.js';
import type { GenerateReport } from './report.js';
import { DEFAULT_MAX_EDIT_CHARS, DEFAULT_MAX_EDIT_LINES } from './single-edit.js';

/** What {@link generateDataset} returns. */
export interface GenerateResult {
  report: GenerateReport;
  /** The release rows (also written when `outDir` is given). */
  records: ReleaseRecords;
}

function memoryStore(): ProgressStore {
  return { file: '(memory)', records: [], warnings: [], append: async () => undefined, close: async () => undefined };
}

/**
 * Generates a benchmark from a registry with an LLM behind any OpenAI-compatible chat endpoint, and
 * validates every entry through the same gates as the mutation engine. The phases, each in its own file:
 * 1. the registry is checked and de-duplicated (`registry-input.ts`, `parseRegistry`; invalid records throw
 *    `LlmGenerateError('invalid-registry')`, duplicates are left out and reported);
 * 2. (`entry-state.ts`) entries finished in the progress file under the same key (entry content, prompt hash, model)
 *    are reused; an entry with some recorded attempts continues with the next one;
 * 3. (`batch-phase.ts`) with `batch`, every entry without an attempt gets its first attempt through the Batch API (a
 *    batch recorded in the progress file but not finished is polled again instead of resubmitted);
 * 4. (`chat-phase.ts`, judged by `judge-answers.ts`) the rest go through chat completions, `concurrency` entries at a time: request
 *    ({@link buildMessages}: the locked prompt, the entry, then every earlier reply with its
 *    rejection reasons), {@link parseReply}, {@link validateReplies}; a rejected attempt is retried
 *    with the feedback until `maxAttempts`. Every answered attempt and every finished entry is
 *    appended to the progress file as it happens, so a crash loses no finished work;
 * 5. (`integrity-phase.ts`) a cross-entry integrity pass (`validateTasks` of `@execret/generate`: duplicate ids, top-level
 *    name collisions, byte-identical snippets) rejects the entries involved;
 * 6. (`release-phase.ts`, report by `build-report.ts`) accepted entries become release rows ({@link assembleRelease}) in registry order, written to
 *    `outDir` with `tasks.jsonl` and `generation-report.json`, then loaded back and checked with
 *    `@execret/dataset`'s `validationReport`.
 * A request failing with 400/401/403/404/422 stops the run (`LlmGenerateError('request-failed')`);
 * other request failures (after the SDK's retries) leave that entry for the next run and are
 * reported. `signal` stops the run with `LlmGenerateError('aborted')`; what was finished stays in the
 * progress file. The API key is never written anywhere.
 *
 * @example
 * const registry = await readRegistry('registry.jsonl')
 * const { report } = await generateDataset(registry, {
 *   endpoint: { baseURL: 'https://api.openai.com/v1', apiKey },   // the caller reads the key; the library never does
 *   model: 'gpt-5-mini',
 *   outDir: 'out/llm-benchmark',
 *   prices: { 'gpt-5-mini': { inputUsdPerMillion: 0.25, outputUsdPerMillion: 2 } },
 *   onProgress: (e) => e.kind === 'entry' && console.error(`${e.done}/${e.total} ${e.entryId} ${e.status}`),
 * })
 * console.log(formatGenerateReport(report))
 */
export async function generateDataset(
  registry: readonly RegistryEntryInput[] | ParsedRegistry,
  options: GenerateOptions,
): Promise<GenerateResult> {
  const settings = resolveGenerateSettings(options);
  const { signal } = options;
  const { entries, duplicates } = registryEntries(registry);
  const emit = (event: GenerateProgressEvent): void => options.onProgress?.(event);

  const client = options.client ?? (await createOpenAIClient(options.endpoint!));
  const progressFile =
    options.progressFile ?? (options.outDir !== undefined ? join(options.outDir, DEFAULT_PROGRESS_FILE) : undefined);
  if (progressFile !== undefined && options.outDir !== undefined) {
    try {
      await mkdir(options.outDir, { recursive: true });
    } catch (cause) {
      throw new LlmGenerateError(
        'write-failed',
        `@execret/llm-generate generateDataset: could not create ${options.outDir} (${(cause as Error).message})`,
        { cause },
      );
    }
  }
  const store = progressFile !== undefined ? await openProgressStore(progressFile) : memoryStore();
  const ownOracle = options.oracle === undefined;
  let oracle: ExecutionOracle | null = options.oracle ?? null;
  const warnings: string[] = [...store.warnings];

  try {
    let python: string;
    try {
      python = (await resolvePython(options.python ?? 'python3', signal ? { signal } : {})).executable;
    } catch (cause) {
      if (signal?.aborted) throw cancelled(cause);
      throw new LlmGenerateError(
        'validation-failed',
        `@execret/llm-generate generateDataset: no usable Python for the validation gates (${(cause as Error).message}); pass options.python`,
        { cause },
      );
    }
    if (oracle === null) {
      try {
        oracle = await createOracle({ python });
      } catch (cause) {
        throw new LlmGenerateError(
          'validation-failed',
          `@execret/llm-generate generateDataset: could not start the oracle (${(cause as Error).message}); pass options.oracle`,
          { cause },
        );
      }
    }

    const states = resumeEntries(entries, store.records, settings.promptSha256, settings.model);
    const run: GenerationRun = {
      options,
      settings,
      store,
      states,
      oracle,
      python,
      signal,
      warnings,
      done: states.filter((s) => s.final !== null).length,
      emit,
    };
    emit({ kind: 'start', total: states.length, finished: run.done, pending: states.length - run.done });

    if (options.batch) await runBatchPhase(run, client, options.batch === true ? {} : options.batch);
    await runChatPhase(run, client);
    const included = await runIntegrityPhase(run);
    const { records, files, datasetCheck } = await runReleasePhase(run, included);

    const queryIds = new Map(included.map((s, i) => [s, records.queries[i]!.query_id]));
    const report = buildReport({
      states,
      queryIds,
      duplicates,
      mode: settings.mode,
      model: settings.model,
      promptSha256: settings.promptSha256,
      endpoint: settings.endpointLabel,
      batch: Boolean(options.batch),
      settings: {
        maxAttempts: settings.maxAttempts,
        concurrency: settings.concurrency,
        rewrites: settings.mode === 'free-form' ? settings.rewrites : null,
        maxEditLines: options.maxEditLines ?? DEFAULT_MAX_EDIT_LINES,
        maxEditChars: options.maxEditChars ?? DEFAULT_MAX_EDIT_CHARS,
        minDistractors: settings.minDistractors,
        maxDistractors: settings.maxDistractors,
        minTests: settings.minTests,
        maxTests: settings.maxTests,
        responseFormat: settings.responseFormat,
        requestOptions: { ...(options.requestOptions ?? {}) },
      },
      price: options.prices?.[settings.model] ?? null,
      records,
      datasetCheck,
      files,
      warnings,
    });
    if (options.outDir !== undefined) await writeReport(options.outDir, report);
    return { report, records };
  } finally {
    await store.close();
    if (ownOracle && oracle !== null) await (oracle as unknown as { close(): Promise<void> }).close();
  }
}

/** Writes `generation-report.json` into `dir` and lists it in `report.files`. */
async function writeReport(dir: string, report: GenerateReport): Promise<void> {
  const path = join(dir, REPORT_FILE);
  report.files.push(path);
  try {
    await writeFile(path, `${JSON.stringify(report, null, 2)}\n`, 'utf8');
  } catch (cause) {
    throw new LlmGenerateError(
      'write-failed',
      `@execret/llm-generate generateDataset: could not write ${path} (${(cause as Error).message})`,
      { cause },
    );
  }
}
