// One-off scaffolder kept for adding packages consistently: node scripts/new-package.mjs <name> "<description>"
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

const [name, description] = process.argv.slice(2);
if (!name || !description) throw new Error('usage: node scripts/new-package.mjs <name> "<description>"');
const dir = `packages/${name}`;
mkdirSync(`${dir}/src`, { recursive: true });
const pkg = {
  name: `@execret/${name}`,
  version: '0.1.0',
  description,
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  repository: { type: 'git', url: 'git+https://github.com/execret/execret.git', directory: dir },
  exports: {
    '.': {
      '@execret/source': './src/index.ts',
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    },
    './package.json': './package.json',
  },
  main: './dist/index.cjs',
  module: './dist/index.js',
  types: './dist/index.d.cts',
  files: ['dist'],
  scripts: {
    build: 'tsup',
    typecheck: 'tsc -p tsconfig.json',
    'lint:pkg': 'publint --strict && attw --pack . --profile node16',
  },
  engines: { node: '>=20.11' },
};
if (!existsSync(`${dir}/package.json`)) writeFileSync(`${dir}/package.json`, `${JSON.stringify(pkg, null, 2)}\n`);
writeFileSync(
  `${dir}/tsconfig.json`,
  `${JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src', 'test', 'bench', 'scripts'] }, null, 2)}\n`,
);
writeFileSync(
  `${dir}/tsup.config.ts`,
  `import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
});
`,
);
