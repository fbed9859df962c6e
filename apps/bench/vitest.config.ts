import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@execret/source'] },
  ssr: { resolve: { conditions: ['@execret/source'] } },
  test: {
    name: 'bench',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
