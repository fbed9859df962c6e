import { describe, expect, it } from 'vitest';
import { CHECK_DEFINITIONS, VALIDATION_CHECKS } from './registry.js';

describe('VALIDATION_CHECKS', () => {
  it('lists every registered check once, in registry order, with kebab-case ids', () => {
    expect(VALIDATION_CHECKS).toHaveLength(29);
    expect(VALIDATION_CHECKS.map((c) => c.id)).toEqual(CHECK_DEFINITIONS.map((c) => c.id));
    expect(new Set(VALIDATION_CHECKS.map((c) => c.id)).size).toBe(VALIDATION_CHECKS.length);
    for (const c of VALIDATION_CHECKS) {
      expect(c.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(c.description).not.toBe('');
      expect(Object.keys(c)).toEqual(['id', 'description']);
    }
  });
});
