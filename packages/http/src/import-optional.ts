import { HttpError } from './errors.js';

function isModuleNotFound(error: unknown, packageName: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  return (
    (code === 'ERR_MODULE_NOT_FOUND' ||
      code === 'MODULE_NOT_FOUND' ||
      /Cannot find (module|package)|Failed to (load|resolve)/.test(message)) &&
    message.includes(packageName)
  );
}

/**
 * Runs `load` (a literal `import('<package>')`, so bundlers and knip see it) and turns "module not found" for
 * `packageName` into an {@link HttpError} with code `missing-dependency` whose message starts with `label` and
 * names the package to install. Every other error (including a missing module of another name) passes through.
 *
 * @throws {HttpError} `missing-dependency`
 * @example
 * const { CohereClientV2 } = await importOptional('cohere-ai', '@execret/rerankers cohere', () => import('cohere-ai'));
 * // without the package: HttpError('missing-dependency',
 * //   '@execret/rerankers cohere: the optional package "cohere-ai" is not installed; run `pnpm add cohere-ai` (or npm i cohere-ai)')
 */
export async function importOptional<T>(packageName: string, label: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isModuleNotFound(error, packageName)) {
      throw new HttpError(
        'missing-dependency',
        `${label}: the optional package "${packageName}" is not installed; run \`pnpm add ${packageName}\` (or npm i ${packageName})`,
        { cause: error },
      );
    }
    throw error;
  }
}
