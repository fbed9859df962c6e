/** Array names written by `writeEmbeddingMatrices` (override with `options.keys`). */
export const DEFAULT_MATRIX_KEYS = {
  queries: 'queries',
  documents: 'documents',
  queryIds: 'query_ids',
  documentIds: 'corpus_ids',
  configHash: 'config_hash',
} as const;

/**
 * Array names `importEmbeddingMatrices` tries, in order, when no key is given. The release's
 * `embeddings/*.npz` naming is not documented; these cover the usual spellings.
 */
export const MATRIX_KEY_CANDIDATES = {
  queries: ['queries', 'query_embeddings', 'query_embs', 'query', 'queries_embeddings', 'q'],
  documents: [
    'documents',
    'corpus_embeddings',
    'corpus',
    'doc_embeddings',
    'document_embeddings',
    'docs',
    'code_embeddings',
    'd',
  ],
} as const;
