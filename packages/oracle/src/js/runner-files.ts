import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, parse as parsePath } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A package the QuickJS host imports: where it is on the host and where it appears in a sandbox. */
interface SandboxPackage {
  name: string;
  version: string;
  /** Real path of the package's folder on the host. */
  root: string;
}

/**
 * The files the engine processes need: the runner's own scripts and, for QuickJS, its packages. Found where
 * they are by {@link runnerFiles}; engine processes only ever read the runner's private copy of them (see
 * `stageRunnerFiles`).
 */
export interface RunnerFiles {
  /** Real path of a `js/` folder (prelude.js, assert.js, warmup.js, quickjs-host.mjs, node-job.mjs). */
  jsDir: string;
  /** `quickjs-emscripten-core`, `@jitl/quickjs-ffi-types`, `@jitl/quickjs-wasmfile-release-sync`. */
  quickjs: { core: SandboxPackage; ffiTypes: SandboxPackage; variant: SandboxPackage };
}

/** The QuickJS build the runner uses (the original QuickJS, release mode, synchronous). */
export const QUICKJS_VARIANT = '@jitl/quickjs-wasmfile-release-sync';

/**
 * Finds the runner's `js/` folder (next to `src/` and `dist/` in this package) and the QuickJS packages,
 * resolved from this package as Node would, with their real paths (pnpm links resolved).
 *
 * @throws {Error} when the `js/` folder or a QuickJS package cannot be found
 * @example
 * runnerFiles().quickjs.variant.version; // '0.32.0'
 */
export function runnerFiles(): RunnerFiles {
  const here = dirname(fileURLToPath(import.meta.url));
  let jsDir: string | undefined;
  for (let dir = here; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'js', 'prelude.js')) && existsSync(join(dir, 'js', 'quickjs-host.mjs'))) {
      jsDir = realpathSync(join(dir, 'js'));
      break;
    }
    if (dir === parsePath(dir).root) break;
  }
  if (jsDir === undefined) throw new Error(`the runner's js/ folder was not found above ${here}`);
  const core = packageOf('quickjs-emscripten-core', here);
  const variant = packageOf(QUICKJS_VARIANT, here);
  const ffiTypes = packageOf('@jitl/quickjs-ffi-types', core.root);
  return { jsDir, quickjs: { core, ffiTypes, variant } };
}

function packageOf(name: string, from: string): SandboxPackage {
  const require = createRequire(join(from, 'noop.js'));
  let dir = dirname(realpathSync(require.resolve(name)));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
      if (parsed.name === name) return { name, version: String(parsed.version), root: dir };
    }
    if (dir === parsePath(dir).root) throw new Error(`the package.json of ${name} was not found`);
    dir = dirname(dir);
  }
}
