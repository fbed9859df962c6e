import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A package of the workspace as its `package.json` describes it. */
export interface WorkspacePackage {
  /** `@execret/<name>`. */
  readonly name: string;
  /** Its folder. */
  readonly dir: string;
  readonly manifest: Readonly<Record<string, unknown>>;
}

/**
 * The publishable packages of the workspace at `root`: every `packages/<name>/package.json` without
 * `"private": true`, in name order.
 *
 * @example
 * (await publishablePackages('/work/execret')).map((p) => p.name); // ['@execret/analyses', '@execret/dataset', …]
 */
export async function publishablePackages(root: string): Promise<WorkspacePackage[]> {
  const out: WorkspacePackage[] = [];
  for (const entry of await readdir(join(root, 'packages'), { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(root, 'packages', entry.name);
    const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const manifest = JSON.parse(text) as Record<string, unknown>;
    if (manifest.private !== true) out.push({ name: String(manifest.name), dir, manifest });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
