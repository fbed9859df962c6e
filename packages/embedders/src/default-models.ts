/** The small local model a default run embeds with (downloaded once when the network allows). */
export const DEFAULT_LOCAL_MODEL = 'local/all-minilm-l6-v2';

/** The hosted model each provider adds to a default run when its API key is set, in this order. */
export const DEFAULT_HOSTED_MODELS: Readonly<Record<'openai' | 'gemini' | 'mistral' | 'voyage', string>> = {
  openai: 'openai/text-embedding-3-small',
  gemini: 'gemini/gemini-embedding-001',
  mistral: 'mistral/codestral-embed',
  voyage: 'voyage/voyage-code-3',
};

/**
 * The embedding models of a default run: {@link DEFAULT_LOCAL_MODEL}, then the model of {@link DEFAULT_HOSTED_MODELS}
 * of each provider whose key is set (the caller says which: this package never reads the environment).
 *
 * @example
 * defaultEmbeddingModels(['voyage', 'openai']); // ['local/all-minilm-l6-v2', 'openai/text-embedding-3-small', 'voyage/voyage-code-3']
 */
export function defaultEmbeddingModels(providersWithKeys: readonly string[]): string[] {
  const hosted = Object.entries(DEFAULT_HOSTED_MODELS).filter(([provider]) => providersWithKeys.includes(provider));
  return [DEFAULT_LOCAL_MODEL, ...hosted.map(([, model]) => model)];
}
