import { describe, expect, it } from 'vitest';
import { escapeHtml, fmt } from './escape.js';

describe('fmt', () => {
  it('prints a dash when the value is NaN, undefined or null (a NaN read back from JSON)', () => {
    expect(fmt(Number.NaN)).toBe('—');
    expect(fmt(undefined)).toBe('—');
    expect(fmt(null)).toBe('—');
  });

  it('prints fixed decimals when the value is a number', () => {
    expect(fmt(0.12345)).toBe('0.123');
    expect(fmt(2, 1)).toBe('2.0');
  });
});

describe('escapeHtml', () => {
  it('escapes markup characters when a system id holds them', () => {
    expect(escapeHtml('bm25>>x/<y> & "z"')).toBe('bm25&gt;&gt;x/&lt;y&gt; &amp; &quot;z&quot;');
  });
});
