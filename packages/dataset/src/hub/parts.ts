/**
 * The optional parts of a release: folders that are downloaded only on request.
 */

/** The optional folders of the release, besides `data/` and `SHA256SUMS`. */
export const HUB_PARTS = ['embeddings', 'results', 'tests'] as const;

/** One optional folder: `embeddings/` (`.npz` matrices), `results/` (`<model>.json`), `tests/` (statistics). */
export type HubPart = (typeof HUB_PARTS)[number];

/**
 * Checks a list of part names (duplicates removed, order kept).
 *
 * @throws {TypeError} for a name that is not one of {@link HUB_PARTS}.
 * @example
 * hubParts(['results', 'embeddings', 'results']); // ['results', 'embeddings']
 */
export function hubParts(names: readonly string[]): HubPart[] {
  const out: HubPart[] = [];
  for (const name of names) {
    if (!(HUB_PARTS as readonly string[]).includes(name)) {
      throw new TypeError(
        `@execret/dataset: unknown release part ${JSON.stringify(name)}; expected one of ${HUB_PARTS.join(', ')}`,
      );
    }
    if (!out.includes(name as HubPart)) out.push(name as HubPart);
  }
  return out;
}
