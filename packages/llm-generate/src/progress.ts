import { readFile } from 'node:fs/promises';
import {
  type JsonlAppender,
  type JsonlLineContext,
  openJsonlAppender,
  parseJsonlLog,
  sha256Hex,
} from '@execret/formats';
import type { ExecutionResult } from '@execret/generate';
import { LlmGenerateError } from './errors.js';
import type { RejectionReason } from './prompt.js';
import { type RegistryEntry, registryEntryHash } from './registry.js';
import type { GenerationMode } from './reply-schema.js';
import type { DistractorStatus, DistractorVerdict } from './validate.js';

/** `format` of the header line of a progress file. */
export const PROGRESS_FORMAT = 'execret-llm-generate-progress';
/** Version of the progress-file format. */
const PROGRESS_VERSION = 1;

/** Token counts as stored in progress lines. */
export interface StoredUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** First line of every progress file. */
interface ProgressHeader {
  type: 'header';
  format: typeof PROGRESS_FORMAT;
  version: number;
}

/** One finished request: the raw reply and its verdict. */
export interface ProgressAttempt {
  type: 'attempt';
  key: string;
  entry_id: string;
  /** 1-based. */
  attempt: number;
  model: string;
  mode: GenerationMode;
  prompt_sha256: string;
  via: 'chat' | 'batch';
  ok: boolean;
  /** The reply text as received (null when the endpoint sent none). */
  content: string | null;
  finish_reason: string | null;
  reasons: RejectionReason[];
  /** The verdict on each distractor or rewrite, in reply order (empty when the reply was unusable). */
  distractor_statuses: DistractorStatus[];
  usage: StoredUsage;
  response_model: string | null;
}

/** A finished entry: accepted (with everything needed to write the dataset) or rejected after the last attempt. */
export interface ProgressEntry {
  type: 'entry';
  key: string;
  entry_id: string;
  status: 'accepted' | 'rejected';
  /** Attempts used. */
  attempts: number;
  model: string;
  mode: GenerationMode;
  prompt_sha256: string;
  /** Accepted entries: the validated canonical, tests and the verdict on every distractor. */
  canonical?: string;
  tests?: string[];
  canonical_result?: ExecutionResult;
  distractors?: DistractorVerdict[];
  /** Rejected entries: the reasons of the last attempt. */
  reasons?: RejectionReason[];
}

/** A submitted batch (so a restarted run polls it instead of paying twice). */
export interface ProgressBatch {
  type: 'batch';
  batch_id: string;
  input_file_id: string;
  requests: { custom_id: string; key: string; attempt: number }[];
}

/** A batch whose results have been processed. */
interface ProgressBatchDone {
  type: 'batch_done';
  batch_id: string;
  status: string;
}

/** Any line of a progress file. */
export type ProgressRecord = ProgressHeader | ProgressAttempt | ProgressEntry | ProgressBatch | ProgressBatchDone;

/** What {@link parseProgress} returns. */
export interface ParsedProgress {
  records: ProgressRecord[];
  /** Lines skipped, with why (a torn final line, unparseable JSON, an unknown record type). */
  warnings: string[];
  /** True when the text ends in a line without `\n` (a write cut off by a crash). */
  torn: boolean;
}

/**
 * The progress key of an entry: SHA-256 of `<registryEntryHash(entry)>:<prompt sha256>:<model>`.
 * Finished work is reused only under the same entry content, prompt (which includes the mode) and model.
 *
 * @example
 * progressKey(entry, promptHash('locked'), 'gpt-5-mini').length // 64
 */
export function progressKey(entry: RegistryEntry, promptSha256: string, model: string): string {
  return sha256Hex(`${registryEntryHash(entry)}:${promptSha256}:${model}`);
}

const TYPES = new Set(['header', 'attempt', 'entry', 'batch', 'batch_done']);

/**
 * Parses a progress file (JSONL) with `parseJsonlLog` of `@execret/formats` (the tolerant reader of every
 * append-only log here): a byte-order mark and a `\r` before `\n` are accepted, blank lines are skipped, a final
 * line without `\n` is ignored as torn (`torn: true`) even when it happens to parse; lines that do not parse or
 * have an unknown `type` are skipped with a warning naming the line (warnings in line order). Throws
 * `LlmGenerateError('progress-io')` when the header says the file is of another format or a newer version.
 *
 * @example
 * parseProgress('{"type":"header","format":"execret-llm-generate-progress","version":1}\n{"type":"entry"')
 * // { records: [{ type: 'header', … }], warnings: ['line 2: torn final line (no newline) ignored'], torn: true }
 */
export function parseProgress(text: string, file = 'progress file'): ParsedProgress {
  const unknownTypes = new Map<number, string>();
  const toRecord = (value: unknown, context: JsonlLineContext): ProgressRecord | undefined => {
    const type = (value as { type?: unknown })?.type;
    if (typeof type !== 'string' || !TYPES.has(type)) {
      unknownTypes.set(context.line, `unknown record type ${JSON.stringify(type)}`);
      return context.reject('unknown record type');
    }
    if (type === 'header') {
      const header = value as ProgressHeader;
      if (
        header.format !== PROGRESS_FORMAT ||
        typeof header.version !== 'number' ||
        header.version > PROGRESS_VERSION
      ) {
        throw new LlmGenerateError(
          'progress-io',
          `@execret/llm-generate progress: ${file} line ${context.line} has format ${JSON.stringify(header.format)} version ${JSON.stringify(header.version)}; expected ${PROGRESS_FORMAT} version ≤ ${PROGRESS_VERSION}`,
        );
      }
    }
    return value as ProgressRecord;
  };
  const { records, issues } = parseJsonlLog(text, toRecord);
  const warnings = [...issues]
    .sort((a, b) => a.line - b.line)
    .map(({ line, kind }) =>
      kind === 'torn-line'
        ? `line ${line}: torn final line (no newline) ignored`
        : kind === 'invalid-json'
          ? `line ${line}: not JSON, skipped`
          : `line ${line}: ${unknownTypes.get(line)}, skipped`,
    );
  return { records, warnings, torn: issues.some((i) => i.kind === 'torn-line') };
}

/** An open progress file. */
export interface ProgressStore {
  readonly file: string;
  /** Records read when the store was opened (new appends are not added). */
  readonly records: readonly ProgressRecord[];
  /** Problems found while reading. */
  readonly warnings: readonly string[];
  /** Appends records as lines, all of them with a single `write` (appends are serialised). */
  append(...records: ProgressRecord[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens (creating it and its directory when missing) an append-only progress file with `openJsonlAppender` of
 * `@execret/formats`. Existing lines are parsed with {@link parseProgress}; a torn final line is terminated with `\n`
 * so that later appends start on a line of their own. A new file starts with a header line. Each `append` writes its
 * records as JSON lines in a single `write` call on an `O_APPEND` descriptor, so a crash can cut off at most the
 * append being written, and a reader ignores a torn final line. Rejects with `LlmGenerateError('progress-io')` on
 * file-system errors.
 *
 * @example
 * const store = await openProgressStore('out/progress.jsonl')
 * await store.append({ type: 'batch_done', batch_id: 'batch_1', status: 'completed' })
 * await store.close()
 */
export async function openProgressStore(file: string): Promise<ProgressStore> {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new LlmGenerateError(
        'progress-io',
        `@execret/llm-generate progress: could not read ${file} (${(cause as Error).message})`,
        { cause },
      );
    }
  }
  const parsed = parseProgress(text, file);
  let log: JsonlAppender;
  try {
    log = openJsonlAppender(file);
  } catch (cause) {
    throw new LlmGenerateError(
      'progress-io',
      `@execret/llm-generate progress: could not open ${file} for appending (${(cause as Error).message})`,
      { cause },
    );
  }
  const write = (records: readonly ProgressRecord[]): Promise<void> => {
    try {
      log.appendLines(records.map((r) => `${JSON.stringify(r)}\n`));
      return Promise.resolve();
    } catch (cause) {
      return Promise.reject(
        new LlmGenerateError(
          'progress-io',
          `@execret/llm-generate progress: could not append to ${file} (${(cause as Error).message})`,
          { cause },
        ),
      );
    }
  };
  if (!parsed.records.some((r) => r.type === 'header')) {
    await write([{ type: 'header', format: PROGRESS_FORMAT, version: PROGRESS_VERSION }]);
  }
  return {
    file,
    records: parsed.records,
    warnings: parsed.warnings,
    append(...records) {
      if (log.closed)
        return Promise.reject(new LlmGenerateError('progress-io', `@execret/llm-generate progress: ${file} is closed`));
      return write(records);
    },
    async close() {
      log.close();
    },
  };
}
