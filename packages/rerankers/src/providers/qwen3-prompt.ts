/** The system turn and user-turn opening of Qwen3-Reranker's documented prompt. */
const QWEN3_RERANKER_PREFIX =
  '<|im_start|>system\nJudge whether the Document meets the requirements based on the Query and the Instruct provided. Note that the answer can only be "yes" or "no".<|im_end|>\n<|im_start|>user\n';

/** The end of the user turn and the assistant's empty thinking block, after which "yes" or "no" is read. */
const QWEN3_RERANKER_SUFFIX = '<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n';

/**
 * The query half of Qwen3-Reranker's prompt, as its model card writes it for vLLM's score API:
 * `prefix + "<Instruct>: {instruction}\n<Query>: {query}\n"`.
 *
 * @example
 * qwen3RerankerQuery('Find code', 'sort a list').endsWith('<Instruct>: Find code\n<Query>: sort a list\n'); // true
 */
export function qwen3RerankerQuery(instruction: string, query: string): string {
  return `${QWEN3_RERANKER_PREFIX}<Instruct>: ${instruction}\n<Query>: ${query}\n`;
}

/**
 * The document half: `"<Document>: {document}" + suffix`.
 *
 * @example
 * qwen3RerankerDocument('def f(): pass').startsWith('<Document>: def f(): pass<|im_end|>'); // true
 */
export function qwen3RerankerDocument(document: string): string {
  return `<Document>: ${document}${QWEN3_RERANKER_SUFFIX}`;
}
