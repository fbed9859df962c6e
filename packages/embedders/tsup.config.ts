import { defineConfig } from 'tsup';

export default defineConfig({
  // one entry per job (embedding models, search, matrix files) plus one per provider; provider SDKs stay
  // external and are imported lazily
  entry: {
    index: 'src/index.ts',
    search: 'src/search.ts',
    npz: 'src/npz.ts',
    openai: 'src/providers/openai.ts',
    gemini: 'src/providers/gemini.ts',
    mistral: 'src/providers/mistral.ts',
    voyage: 'src/providers/voyage.ts',
    'openai-compatible': 'src/providers/openai-compatible.ts',
    transformers: 'src/providers/transformers.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  shims: true,
});
