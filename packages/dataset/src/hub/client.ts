import { DatasetError } from '../errors.js';

/** The Hugging Face Hub client's module (`@huggingface/hub`). */
type HubClient = typeof import('@huggingface/hub');

/**
 * The Hugging Face Hub client, loaded on the first `hf:` source only: it is an optional peer dependency
 * (11 packages, ~11 MB) that local folders and the bundled datasets never need.
 *
 * @param load - how to import it (a test's seam)
 * @throws {DatasetError} `missing-dependency`, naming the package to install, when it is not installed
 */
export async function loadHubClient(
  load: () => Promise<HubClient> = () => import('@huggingface/hub'),
): Promise<HubClient> {
  try {
    return await load();
  } catch (cause) {
    const code = (cause as { code?: unknown } | null)?.code;
    const message = cause instanceof Error ? cause.message : '';
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes('@huggingface/hub')) {
      throw new DatasetError(
        'missing-dependency',
        '@execret/dataset: hf: sources need the optional package "@huggingface/hub"; run `pnpm add @huggingface/hub@2` (or npm i @huggingface/hub@2)',
        { cause },
      );
    }
    throw cause;
  }
}
