import { execFile } from 'node:child_process';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { WorkspacePackage } from './workspace-packages.js';

const run = promisify(execFile);

/** A package as its tarball holds it. */
export interface PackedPackage {
  readonly name: string;
  /** The `.tgz` file. */
  readonly tarball: string;
  /** Its size in bytes. */
  readonly tarballBytes: number;
  /** Paths inside the package (`dist/index.js`, `package.json`, …), sorted. */
  readonly files: readonly string[];
  /** Sum of the unpacked files' sizes in bytes. */
  readonly unpackedBytes: number;
  /** The folder it was unpacked into (holds the files above). */
  readonly root: string;
  /** The `package.json` inside the tarball: what a user's package manager reads. */
  readonly manifest: Readonly<Record<string, unknown>>;
}

/**
 * Packs `pkg` with `pnpm pack` (so the workspace's pack hook applies, as on publish) into `destination` and unpacks
 * the tarball with `tar` into `destination/unpacked/<folder>`.
 *
 * @example
 * const packed = await packPackage(pkg, '/tmp/packs');
 * packed.files; // ['LICENSE', 'README.md', 'dist/index.cjs', …, 'package.json']
 */
export async function packPackage(pkg: WorkspacePackage, destination: string): Promise<PackedPackage> {
  const { stdout } = await run('pnpm', ['pack', '--json', '--pack-destination', destination], {
    cwd: pkg.dir,
    maxBuffer: 16 << 20,
  });
  const report = JSON.parse(stdout) as { filename: string };
  const unpacked = join(destination, 'unpacked', pkg.name.replace(/[@/]/g, '_'));
  await mkdir(unpacked, { recursive: true });
  await run('tar', ['-xzf', report.filename, '-C', unpacked]);
  const root = join(unpacked, 'package');
  const { stdout: listing } = await run('tar', ['-tzf', report.filename], { maxBuffer: 16 << 20 });
  const files = listing
    .split('\n')
    .filter((line) => line.startsWith('package/') && !line.endsWith('/'))
    .map((line) => line.slice('package/'.length))
    .sort();
  let unpackedBytes = 0;
  for (const file of files) unpackedBytes += (await stat(join(root, file))).size;
  const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  return {
    name: pkg.name,
    tarball: report.filename,
    tarballBytes: (await stat(report.filename)).size,
    files,
    unpackedBytes,
    root,
    manifest,
  };
}
