import type { CrossLanguageFolder, SystemAnalyses } from '@execret/analyses';
import { manifestDataset, readAnalysesFiles, readFolderManifest, readResultFiles } from '@execret/dataset';
import { type LoadDatasetOptions, loadDataset } from './load-dataset.js';

/**
 * Reads a results folder back with the dataset its run scored — `source` when given, else the one its `manifest.json`
 * records — for `@execret/analyses`' cross-language and paired comparisons: its results and analyses files and the
 * dataset ({@link loadDataset}). Warns when its run found snippets contradicting their labels (its exec@k values are
 * then not trustworthy). `{ problem: 'no-dataset' }` when no source is given and the manifest records none.
 *
 * @example
 * const folder = await readScoredFolder('py', { cacheDir: cacheLayout(cacheDir).datasets });
 * if ('problem' in folder) throw new Error('name the dataset of py');
 */
export async function readScoredFolder(
  dir: string,
  options: LoadDatasetOptions & { readonly source?: string | undefined },
): Promise<CrossLanguageFolder | { readonly problem: 'no-dataset' }> {
  const manifest = await readFolderManifest(dir);
  const contradictions = manifest.verify?.contradictions.length ?? 0;
  if (contradictions > 0)
    options.warn?.(
      `${dir}: its run found ${contradictions} snippets contradicting their label (manifest.json verify); its exec@k values are not trustworthy`,
    );
  const source = options.source ?? manifestDataset(manifest);
  if (source === undefined) return { problem: 'no-dataset' };
  const [files, analyses, dataset] = await Promise.all([
    readResultFiles(dir),
    readAnalysesFiles<SystemAnalyses>(dir),
    loadDataset(source, options),
  ]);
  return { source, files, analyses, benchmark: dataset.benchmark };
}
