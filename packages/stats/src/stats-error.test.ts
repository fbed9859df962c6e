import { describe, expect, it } from 'vitest';
import { STATS_ERROR_CODES, StatsError } from './stats-error.js';

// Name, brand, is() and the message's prefix are checked for every package's class in packages/release-check.
describe('StatsError', () => {
  it('carries the system, measure or index concerned when constructed with details', () => {
    expect(new StatsError('missing-measure', 'msg', { details: { system: 'bm25' } }).details).toEqual({
      system: 'bm25',
    });
    expect(new StatsError('not-binary', 'x').details).toEqual({});
  });

  it('lists every code once when STATS_ERROR_CODES is read', () => {
    expect(new Set(STATS_ERROR_CODES).size).toBe(STATS_ERROR_CODES.length);
    expect(STATS_ERROR_CODES).toContain('non-finite-value');
  });
});
