/**
 * Where the stages report progress: one bar (or log line, or nothing) per label — `download <source>`, `verify`,
 * `embed <model> queries`, `embed <model> snippets`, `rank`, `rerank <system>`, `execute retrieved`. `start` makes a
 * label known with its total, `update` says how far it is (`total` when it changed), `finish` closes it with a short
 * summary, `finishOpen` closes every label still open (a step that failed).
 */
export interface StageProgress {
  start(label: string, total: number): void;
  update(label: string, done: number, total?: number): void;
  finish(label: string, message?: string): void;
  finishOpen(message: string): void;
}

/** What a stage reports besides its result: progress, warnings and notes (all optional, silent by default). */
export interface StageEvents {
  readonly progress?: StageProgress;
  /** A line for the user (a skipped model, a refused Hub file, a chat reranker answering from its cache only). */
  readonly warn?: (line: string) => void;
  /** An informational line (what a stage found: the verify counts, the JavaScript runner). */
  readonly log?: (line: string) => void;
  readonly signal?: AbortSignal;
}

/** A {@link StageProgress} that reports nothing. */
export const SILENT_PROGRESS: StageProgress = {
  start: () => undefined,
  update: () => undefined,
  finish: () => undefined,
  finishOpen: () => undefined,
};
