import { defineConfig } from 'tsup';

// `@execret/formats` (the code-point order of the tie rule, the `ExecretError` base of `MetricsError`) is inlined,
// types included, so the published package keeps no runtime dependencies (SPEC section 4).
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: { resolve: ['@execret/formats'] },
  sourcemap: true,
  clean: true,
  target: 'node20',
  noExternal: ['@execret/formats'],
});
