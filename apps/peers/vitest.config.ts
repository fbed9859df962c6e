import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@execret/source'] },
  ssr: { resolve: { conditions: ['@execret/source'] } },
  test: {
    name: 'peers',
    include: ['bench/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
