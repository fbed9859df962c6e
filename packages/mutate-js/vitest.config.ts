import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@execret/source'] },
  ssr: { resolve: { conditions: ['@execret/source'] } },
  test: {
    name: 'mutate-js',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Bounds sized for a loaded 2-core machine (vitest's 5 s default was seen to fail there on tests that spawn
    // processes, start fake servers or load a whole package); a hung test still fails.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
