import { isOutcome } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { cutUtf8, errorOutcome, failOutcome } from './outcome-text.js';

describe('cutUtf8', () => {
  it.each([
    ['abc', 300, 'abc'],
    ['héllo', 2, 'h'],
    ['héllo', 3, 'hé'],
    ['a😀b', 4, 'a'],
    ['a😀b', 5, 'a😀'],
    ['\ud800x', 3, '\ud800'],
  ])('cuts %j to %i bytes as %j without splitting a character', (text, bytes, expected) => {
    expect(cutUtf8(text, bytes)).toBe(expected);
    expect(Buffer.byteLength(cutUtf8(text, bytes), 'utf8')).toBeLessThanOrEqual(bytes);
  });
});

describe('errorOutcome', () => {
  it('writes ERROR:<Type>: <message> in the release vocabulary when the message is non-empty', () => {
    expect(errorOutcome('TypeError', 'x is not a function', 300)).toBe('ERROR:TypeError: x is not a function');
    expect(isOutcome(errorOutcome('TypeError', 'x', 300))).toBe(true);
  });

  it('writes ERROR:<Type> when the message is empty and Error when the type is empty', () => {
    expect(errorOutcome('number', '', 300)).toBe('ERROR:number');
    expect(errorOutcome('', 'm', 300)).toBe('ERROR:Error: m');
  });

  it('cuts the message to maxMessageBytes when it is longer', () => {
    const outcome = errorOutcome('Error', 'é'.repeat(400), 300);
    expect(Buffer.byteLength(outcome.slice('ERROR:Error: '.length), 'utf8')).toBe(300);
  });
});

describe('failOutcome', () => {
  it.each([
    [undefined, 'FAIL'],
    ['', 'FAIL'],
    ['sum is wrong', 'FAIL: sum is wrong'],
  ])('writes %j as %j', (message, expected) => {
    expect(failOutcome(message, 300)).toBe(expected);
    expect(isOutcome(failOutcome(message, 300))).toBe(true);
  });
});
