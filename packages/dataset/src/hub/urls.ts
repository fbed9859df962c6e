/**
 * URLs of the Hugging Face Hub that the downloader uses.
 */
import type { HubReference } from './reference.js';

/** Default Hub endpoint. */
export const DEFAULT_HUB_ENDPOINT = 'https://huggingface.co';

function base(endpoint: string): string {
  return endpoint.replace(/\/+$/, '');
}

/**
 * URL of one file of a Hub dataset repository at `ref.revision` (URL-encoded, so `refs/pr/1` becomes
 * `refs%2Fpr%2F1`). The downloader always passes the resolved commit as the revision.
 *
 * @example
 * hubFileUrl({ owner: 'o', name: 'n', revision: 'refs/pr/1' }, 'data/corpus.jsonl');
 * // 'https://huggingface.co/datasets/o/n/resolve/refs%2Fpr%2F1/data/corpus.jsonl'
 */
export function hubFileUrl(ref: HubReference, path: string, endpoint: string = DEFAULT_HUB_ENDPOINT): string {
  const encodedPath = path.split('/').map(encodeURIComponent).join('/');
  return `${base(endpoint)}/datasets/${encodeURIComponent(ref.owner)}/${encodeURIComponent(ref.name)}/resolve/${encodeURIComponent(ref.revision)}/${encodedPath}`;
}

/**
 * URL of the Hub API call that resolves a revision to its commit (`{ sha, siblings }`); named in error messages.
 *
 * @example
 * hubRevisionUrl({ owner: 'o', name: 'n', revision: 'main' }, 'http://127.0.0.1:8080');
 * // 'http://127.0.0.1:8080/api/datasets/o/n/revision/main'
 */
export function hubRevisionUrl(ref: HubReference, endpoint: string = DEFAULT_HUB_ENDPOINT): string {
  return `${base(endpoint)}/api/datasets/${ref.owner}/${ref.name}/revision/${encodeURIComponent(ref.revision)}`;
}
