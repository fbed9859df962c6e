/**
 * Joins a base URL and a path with exactly one slash between them.
 *
 * @example
 * joinUrl('http://127.0.0.1:8000/v1/', '/rerank'); // 'http://127.0.0.1:8000/v1/rerank'
 */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
