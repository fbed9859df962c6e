import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@execret/source'] },
  ssr: { resolve: { conditions: ['@execret/source'] } },
  test: {
    name: 'pipeline',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
