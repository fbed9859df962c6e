import { defineConfig } from 'tsup';

// `@execret/formats` (the code-point order of the tie rule) is inlined, so the published package keeps
// no runtime dependencies (SPEC section 4).
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  noExternal: ['@execret/formats'],
});
