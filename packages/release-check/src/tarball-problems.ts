/**
 * Why a file of a tarball should not be there, or what the tarball lacks:
 * - `source` — TypeScript sources (`src/`, `.ts` that is not a declaration file): the builds and their source maps
 *   (which embed the sources) are what runs;
 * - `test` — test files and folders;
 * - `development` — fixtures, benches, scripts, build and tool configuration, caches;
 * - `unused` — a file beside the builds (Python, JavaScript run in a sandbox, bundled data) that nothing shipped
 *   names: neither the builds nor another such file;
 * - `missing-export` — an `exports` (or `main`, `module`, `types`) target that is not in the tarball, or a
 *   workspace-only condition left in the published manifest;
 * - `missing-file` — `package.json`, `README.md` or `LICENSE` absent.
 */
type TarballProblemKind = 'source' | 'test' | 'development' | 'unused' | 'missing-export' | 'missing-file';

/** One problem of a tarball. */
export interface TarballProblem {
  readonly kind: TarballProblemKind;
  /** The file concerned (a path inside the package), or the manifest field. */
  readonly file: string;
  readonly message: string;
}

/** What {@link tarballProblems} reads of a packed package. */
export interface TarballContents {
  /** The `package.json` inside the tarball. */
  readonly manifest: Readonly<Record<string, unknown>>;
  /** Paths inside the package. */
  readonly files: readonly string[];
  /** The text of a file of the tarball (only asked for runtime files: builds and the files beside them). */
  readonly text: (file: string) => string;
}

/** The export condition that points at TypeScript sources inside the workspace only. */
const WORKSPACE_CONDITION = '@execret/source';

const SOURCE = [/^src\//, /\.(ts|tsx|mts|cts)$/];
const DECLARATION = /\.d\.(ts|mts|cts)$/;
const TEST = [/(^|\/)(test|tests|__tests__)\//, /\.(test|spec)\.[cm]?[jt]sx?$/, /(^|\/)test_[^/]*\.py$/, /_test\.py$/];
const DEVELOPMENT = [
  /(^|\/)(fixtures|bench|benches|scripts|coverage|\.turbo|node_modules|__pycache__)\//,
  /\.pyc$/,
  /\.tsbuildinfo$/,
  /(^|\/)(tsconfig[^/]*\.json|tsup\.config\.[cm]?[jt]s|vitest\.config\.[cm]?[jt]s|biome\.jsonc?)$/,
];
/** Files that need no reference: documentation, the manifest, the licence, a Python package marker. */
const NEEDS_NO_REFERENCE = /(^|\/)(README[^/]*|LICENSE[^/]*|CHANGELOG[^/]*|[^/]*\.md|package\.json|__init__\.py)$/;
const BUILD = /^dist\//;
const RUNNABLE = /\.(c|m)?js$|\.py$|\.json$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every string target of an `exports` value, with the path of conditions that leads to it. */
function exportTargets(value: unknown, path: string): { path: string; target: string }[] {
  if (typeof value === 'string') return [{ path, target: value }];
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => exportTargets(v, `${path}[${i}]`));
  return Object.entries(value).flatMap(([key, v]) => exportTargets(v, `${path}["${key}"]`));
}

function conditionsOf(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [key, ...conditionsOf(v)]);
}

/**
 * Holds a packed package to what a user needs to run and type-check it, and nothing else (see
 * {@link TarballProblemKind}). A file beside the builds counts as used when its name without extension, or the name
 * of a folder it sits in below the top level (a bundled dataset's folder), is a word of a build (`dist/**`) or of
 * another such file.
 *
 * @example
 * tarballProblems({ manifest: { exports: { '.': './dist/index.js' } }, files: ['dist/index.js', 'src/index.ts'], text: () => '' });
 * // [{ kind: 'missing-file', file: 'README.md', … }, { kind: 'missing-file', file: 'LICENSE', … },
 * //  { kind: 'source', file: 'src/index.ts', … }]
 */
export function tarballProblems(contents: TarballContents): TarballProblem[] {
  const { manifest, files } = contents;
  const problems: TarballProblem[] = [];
  const has = new Set(files);
  for (const required of ['package.json', 'README.md', 'LICENSE']) {
    if (!has.has(required)) problems.push({ kind: 'missing-file', file: required, message: `${required} is missing` });
  }
  const beside: string[] = [];
  for (const file of files) {
    const kind = TEST.some((r) => r.test(file))
      ? 'test'
      : DEVELOPMENT.some((r) => r.test(file))
        ? 'development'
        : SOURCE.some((r) => r.test(file)) && !DECLARATION.test(file)
          ? 'source'
          : undefined;
    if (kind !== undefined) {
      problems.push({ kind, file, message: `${file} is a ${kind} file; the tarball needs only what runs` });
      continue;
    }
    if (!BUILD.test(file) && !NEEDS_NO_REFERENCE.test(file)) beside.push(file);
  }
  const runtimeTexts = new Map<string, string>();
  for (const file of files) {
    if ((BUILD.test(file) && /\.(c|m)?js$/.test(file)) || (beside.includes(file) && RUNNABLE.test(file))) {
      runtimeTexts.set(file, contents.text(file));
    }
  }
  for (const file of beside) {
    const parts = file.split('/');
    const names = [parts.at(-1)!.replace(/\.[^.]*$/, ''), ...parts.slice(1, -1)];
    const named = names.some((name) => {
      const word = new RegExp(`(^|[^A-Za-z0-9_-])${escapeRegExp(name)}($|[^A-Za-z0-9_-])`);
      return [...runtimeTexts].some(([other, text]) => other !== file && word.test(text));
    });
    if (!named) {
      problems.push({ kind: 'unused', file, message: `${file} is shipped but nothing shipped names it` });
    }
  }
  const fields: [string, unknown][] = [
    ['exports', manifest.exports],
    ['main', manifest.main],
    ['module', manifest.module],
    ['types', manifest.types],
  ];
  for (const [field, value] of fields) {
    if (value === undefined) continue;
    if (conditionsOf(value).includes(WORKSPACE_CONDITION)) {
      problems.push({
        kind: 'missing-export',
        file: field,
        message: `${field} keeps the workspace-only condition "${WORKSPACE_CONDITION}", whose ./src targets are not shipped`,
      });
    }
    for (const { path, target } of exportTargets(value, field)) {
      if (!target.startsWith('./')) continue;
      const file = target.slice(2);
      if (file.includes('*') || has.has(file)) continue;
      problems.push({
        kind: 'missing-export',
        file: path,
        message: `${path} points at ${target}, which is not in the tarball`,
      });
    }
  }
  return problems;
}
