import { defineConfig } from 'tsup';

export default defineConfig({
  // the core plus one entry per backend with a heavy optional dependency, imported lazily
  entry: {
    index: 'src/index.ts',
    transformers: 'src/providers/transformers-cross-encoder.ts',
    cohere: 'src/providers/cohere.ts',
    llm: 'src/llm/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  shims: true,
});
