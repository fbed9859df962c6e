import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The files a user's project holds besides `package.json` (`packed-install/` of this package). */
const PROJECT_FILES = ['smoke.mjs', 'types.ts', 'tsconfig.nodenext.json', 'tsconfig.bundler.json'] as const;

/** One step of {@link packedInstall}: what ran, how long it took, what it printed. */
export interface PackedInstallStep {
  readonly name: string;
  readonly seconds: number;
  readonly output: string;
}

/** Options of {@link packedInstall}. */
export interface PackedInstallOptions {
  /** Called after each step (progress for a command line). */
  onStep?: (step: PackedInstallStep) => void;
  /** Keep the project folder (default: removed). */
  keep?: boolean;
}

/**
 * Installs the tarballs, and nothing of the workspace, into a new npm project in the system's temporary folder
 * (`npm install --prefer-offline`: third-party dependencies from npm's cache or registry; optional peers are not
 * installed, so the Hub client and the provider SDKs are absent), then, there:
 * 1. `node smoke.mjs` — every package loaded through `import` and through `require`, and used (see the file);
 * 2. `tsc` on `types.ts` under strict TypeScript with `NodeNext` resolution, then with `Bundler` resolution, with
 *    `skipLibCheck` off (the published declarations themselves are checked).
 * A failed step rejects with its command's output.
 *
 * @example
 * const steps = await packedInstall(packed.map((p) => p.tarball), packed.map((p) => p.name));
 * steps.map((s) => `${s.name}: ${s.seconds.toFixed(1)} s`);
 */
export async function packedInstall(
  tarballs: readonly string[],
  names: readonly string[],
  options: PackedInstallOptions = {},
): Promise<PackedInstallStep[]> {
  const project = await mkdtemp(join(tmpdir(), 'execret-packed-install-'));
  // the oracle's sandbox runs as an unprivileged user that must read the installed Python files
  await chmod(project, 0o755);
  const steps: PackedInstallStep[] = [];
  const step = async (name: string, command: string, args: readonly string[]) => {
    const started = performance.now();
    try {
      const { stdout, stderr } = await run(command, args, { cwd: project, maxBuffer: 32 << 20, timeout: 600_000 });
      const done = { name, seconds: (performance.now() - started) / 1000, output: `${stdout}${stderr}`.trim() };
      steps.push(done);
      options.onStep?.(done);
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`packed install: ${name} failed:\n${`${stdout}${stderr}`.trim()}`, { cause: error });
    }
  };
  try {
    await writeFile(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'execret-packed-install-check', private: true, type: 'module' }, null, 2)}\n`,
    );
    for (const file of PROJECT_FILES) {
      await copyFile(new URL(`../packed-install/${file}`, import.meta.url), join(project, file));
    }
    await step('npm install', 'npm', [
      'install',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--prefer-offline',
      '--loglevel=error',
      ...tarballs,
      '@types/node@20',
    ]);
    await step('ESM and CommonJS', process.execPath, ['smoke.mjs', ...names]);
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    await step('types, NodeNext', process.execPath, [tsc, '-p', 'tsconfig.nodenext.json']);
    await step('types, Bundler', process.execPath, [tsc, '-p', 'tsconfig.bundler.json']);
    return steps;
  } finally {
    if (options.keep !== true) await rm(project, { recursive: true, force: true });
  }
}
