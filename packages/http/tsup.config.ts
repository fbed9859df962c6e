import { defineConfig } from 'tsup';

// `@execret/formats` (the `ExecretError` base of `HttpError`) is inlined, so the published package keeps no
// runtime dependencies.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: { resolve: ['@execret/formats'] },
  sourcemap: true,
  clean: true,
  target: 'node20',
  noExternal: ['@execret/formats'],
});
