import type { RunManifest } from './run-manifest.js';

/**
 * The dataset a run read, as `loadExecRetrieval` takes it: the manifest's `dataset`, pinned to the Hub commit it
 * recorded (`hf:owner/name@<commit>`) when it is a Hub source that named no revision, so the same files are loaded
 * again; `undefined` when the manifest records no dataset.
 *
 * @example
 * manifestDataset({ dataset: 'hf:org/set', dataset_commit: 'ab12…' }); // 'hf:org/set@ab12…'
 * manifestDataset({ dataset: 'mini', dataset_commit: null });         // 'mini'
 */
export function manifestDataset(
  manifest: Partial<Pick<RunManifest, 'dataset' | 'dataset_commit'>>,
): string | undefined {
  const { dataset, dataset_commit: commit } = manifest;
  const unpinnedHub = dataset?.startsWith('hf:') === true && !dataset.includes('@');
  return unpinnedHub && typeof commit === 'string' ? `${dataset}@${commit}` : dataset;
}
