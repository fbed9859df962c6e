import { importOptional as httpImportOptional, requireApiKey as httpRequireApiKey, wrapHttpError } from '@execret/http';
import { RerankersError } from '../errors.js';
import { getRerankerConfig } from '../registry.js';
import type { RerankerConfig, RerankerProvider } from '../types.js';

/** Accepts a registry id or a full configuration. */
export function toRerankerConfig(reranker: string | RerankerConfig): RerankerConfig {
  return typeof reranker === 'string' ? getRerankerConfig(reranker) : reranker;
}

/** Throws `RangeError` when `config` belongs to another provider. */
export function expectRerankerProvider(config: RerankerConfig, provider: RerankerProvider): void {
  if (config.provider !== provider) {
    throw new RangeError(
      `@execret/rerankers ${provider}: reranker ${config.id} belongs to provider ${config.provider}, not ${provider}`,
    );
  }
}

/** The API key, or `RerankersError('auth')` when none was given (this library never reads environment variables). */
export function rerankerApiKey(apiKey: string | undefined, component: string): string {
  try {
    return httpRequireApiKey(apiKey, `@execret/rerankers ${component}`);
  } catch (error) {
    throw wrapHttpError(error, RerankersError);
  }
}

/** `@execret/http`'s `importOptional` with a `RerankersError('missing-dependency')` naming the package. */
export function importRerankerDependency<T>(
  packageName: string,
  component: string,
  load: () => Promise<T>,
): Promise<T> {
  return httpImportOptional(packageName, `@execret/rerankers ${component}`, load).catch((error: unknown) => {
    throw wrapHttpError(error, RerankersError);
  });
}
