import { describe, expect, it } from 'vitest';
import { type TarballContents, tarballProblems } from './tarball-problems.js';

const BASE = ['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.cjs', 'dist/index.d.ts'];
const manifest = {
  exports: {
    '.': {
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: './dist/index.cjs',
    },
    './package.json': './package.json',
  },
  main: './dist/index.cjs',
};

function check(extra: readonly string[], texts: Record<string, string> = {}, over: object = {}) {
  const contents: TarballContents = {
    manifest: { ...manifest, ...over },
    files: [...BASE, ...extra],
    text: (file) => texts[file] ?? '',
  };
  return tarballProblems(contents).map((p) => [p.kind, p.file]);
}

describe('tarballProblems', () => {
  it('finds nothing in a tarball of builds, declarations, docs and the files the builds name', () => {
    const texts = {
      'dist/index.js': "spawn(python, [join(root, 'python', 'fork_server.py')]); readdir('data/mini')",
      'python/fork_server.py': 'from pkg import child',
    };
    expect(
      check(
        [
          'python/fork_server.py',
          'python/pkg/child.py',
          'python/pkg/__init__.py',
          'data/mini/corpus.jsonl',
          'data/mini/README.md',
        ],
        texts,
      ),
    ).toEqual([]);
  });

  it.each([
    ['a TypeScript source', 'src/index.ts', 'source'],
    ['a source outside src/', 'lib/thing.ts', 'source'],
    ['a test', 'dist/index.test.js', 'test'],
    ['a test folder', 'test/helpers/fake.js', 'test'],
    ['a Python test', 'python/test_judge.py', 'test'],
    ['a fixture', 'fixtures/tiny/model.onnx', 'development'],
    ['a bench', 'bench/topk.bench.js', 'development'],
    ['a tool configuration', 'tsup.config.ts', 'development'],
    ['a Python cache', 'python/__pycache__/judge.cpython-311.pyc', 'development'],
  ])('flags %s', (_what, file, kind) => {
    expect(check([file], { [file]: 'x' })).toContainEqual([kind, file]);
  });

  it('flags a file beside the builds that nothing else names, even if it names itself', () => {
    expect(check(['python/orphan.py'], { 'python/orphan.py': 'orphan = 1' })).toEqual([['unused', 'python/orphan.py']]);
  });

  it('flags an exports target missing from the tarball and the workspace-only source condition', () => {
    const over = {
      exports: { '.': { '@execret/source': './src/index.ts', import: './dist/index.js', require: './dist/gone.cjs' } },
    };
    expect(check([], {}, over)).toEqual([
      ['missing-export', 'exports'],
      ['missing-export', 'exports["."]["@execret/source"]'],
      ['missing-export', 'exports["."]["require"]'],
    ]);
  });

  it('flags a missing README, LICENSE or main target', () => {
    const contents: TarballContents = {
      manifest: { main: './dist/index.cjs' },
      files: ['package.json', 'dist/index.js'],
      text: () => '',
    };
    expect(tarballProblems(contents).map((p) => [p.kind, p.file])).toEqual([
      ['missing-file', 'README.md'],
      ['missing-file', 'LICENSE'],
      ['missing-export', 'main'],
    ]);
  });
});
