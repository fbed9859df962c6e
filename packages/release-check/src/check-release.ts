import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PackedPackage, packPackage } from './pack-package.js';
import { type TarballProblem, tarballProblems } from './tarball-problems.js';
import { publishablePackages } from './workspace-packages.js';

/** One packed package and what is wrong with its tarball. */
export interface PackedReport {
  readonly packed: PackedPackage;
  readonly problems: readonly TarballProblem[];
}

/**
 * Packs every publishable package of the workspace at `root` (in parallel, `pnpm pack`) into a new temporary folder
 * and holds each tarball to {@link tarballProblems}. The caller removes `folder` (it holds the tarballs a packed
 * install needs).
 *
 * @example
 * const { folder, reports } = await packWorkspace('/work/execret');
 * reports.filter((r) => r.problems.length > 0); // []
 */
export async function packWorkspace(root: string): Promise<{ folder: string; reports: PackedReport[] }> {
  const folder = await mkdtemp(join(tmpdir(), 'execret-packs-'));
  try {
    const packages = await publishablePackages(root);
    const packed = await Promise.all(packages.map((pkg) => packPackage(pkg, folder)));
    const reports: PackedReport[] = [];
    for (const p of packed) {
      const texts = new Map<string, string>();
      for (const file of p.files) texts.set(file, await readFile(join(p.root, file), 'utf8').catch(() => ''));
      reports.push({ packed: p, problems: tarballProblems({ ...p, text: (file) => texts.get(file) ?? '' }) });
    }
    return { folder, reports };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/**
 * One line per package: files, tarball and unpacked size, and its problems.
 *
 * @example
 * formatPackReport(reports); // '@execret/formats     9 files   90.7 kB tarball   307.0 kB unpacked  ok\n…'
 */
export function formatPackReport(reports: readonly PackedReport[]): string {
  const width = Math.max(...reports.map((r) => r.packed.name.length));
  return reports
    .map(({ packed, problems }) => {
      const kB = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(7)} kB`;
      const head = `${packed.name.padEnd(width)} ${String(packed.files.length).padStart(4)} files ${kB(
        packed.tarballBytes,
      )} tarball ${kB(packed.unpackedBytes)} unpacked`;
      return problems.length === 0
        ? `${head}  ok`
        : [head, ...problems.map((p) => `  ${p.kind}: ${p.message}`)].join('\n');
    })
    .join('\n');
}
