import { type PoolView, poolFromBenchmark } from '@execret/analyses';
import { type Benchmark, type HubPart, loadExecRetrieval } from '@execret/dataset';
import { SILENT_PROGRESS, type StageEvents } from './stage-progress.js';

/** A loaded dataset and its pool (`@execret/analyses`' `PoolView`). */
export interface LoadedDataset {
  readonly benchmark: Benchmark;
  readonly pool: PoolView;
}

/** Where {@link loadDataset} looks: the download cache, the Hub, and the release's optional parts. */
export interface LoadDatasetOptions extends StageEvents {
  /** Folder of downloaded releases (`cacheLayout(cacheDir).datasets`). */
  readonly cacheDir: string;
  /** The Hub's endpoint (`hf:` sources). */
  readonly endpoint?: string;
  /** A Hub token for gated or private releases (never written anywhere). */
  readonly token?: string;
  /** Read the download cache only. */
  readonly offline?: boolean;
  /** Also fetch these folders of the release (`embeddings`, `results`, `tests`). */
  readonly parts?: readonly HubPart[];
}

/**
 * Loads a dataset — `mini`, `mini-js`, a release directory or `hf:owner/name[@revision]` — through `@execret/dataset`'s
 * `loadExecRetrieval`, reporting a download as `download <source>` and each Hub file the dataset refused as a warning,
 * and makes its pool.
 *
 * @example
 * const { benchmark, pool } = await loadDataset('mini', { cacheDir: cacheLayout(cacheDir).datasets });
 */
export async function loadDataset(source: string, options: LoadDatasetOptions): Promise<LoadedDataset> {
  const progress = options.progress ?? SILENT_PROGRESS;
  const label = `download ${source}`;
  let drew = false;
  const benchmark = await loadExecRetrieval(source, {
    cacheDir: options.cacheDir,
    ...(options.endpoint !== undefined ? { endpoint: options.endpoint } : {}),
    ...(options.token ? { token: options.token } : {}),
    offline: options.offline ?? false,
    ...(options.parts && options.parts.length > 0 ? { with: [...options.parts] } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: (event) => {
      if (event.phase !== 'progress') return;
      drew = true;
      progress.update(label, event.receivedBytes, event.totalBytes ?? undefined);
    },
  });
  if (drew) progress.finish(label, 'done');
  for (const r of benchmark.loadReport.hub?.refused ?? []) options.warn?.(`${source}: ${r.message}`);
  return { benchmark, pool: poolFromBenchmark(benchmark) };
}
