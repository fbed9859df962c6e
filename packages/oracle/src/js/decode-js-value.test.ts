import { describe, expect, it } from 'vitest';
import { decodeJsValue } from './decode-js-value.js';

describe('decodeJsValue', () => {
  it('rebuilds numbers exactly when they are -0, NaN, Infinity or need 17 digits', () => {
    const decoded = decodeJsValue(
      '["a",4,[["0",["d","-0"]],["1",["d","NaN"]],["2",["d","-Infinity"]],["3",["d","0.30000000000000004"]]],0]',
    );
    expect(decoded.status).toBe('value');
    if (decoded.status !== 'value' || decoded.value.kind !== 'array') return;
    const values = [...decoded.value.entries.values()].map((v) => (v.kind === 'number' ? v.value : undefined));
    expect(Object.is(values[0], -0)).toBe(true);
    expect(values[1]).toBeNaN();
    expect(values[2]).toBe(Number.NEGATIVE_INFINITY);
    expect(values[3]).toBe(0.1 + 0.2);
  });

  it('keeps a refusal and its reason when the sandbox refused the value', () => {
    expect(decodeJsValue('["r","the value is or contains a Proxy"]')).toEqual({
      status: 'refused',
      reason: 'the value is or contains a Proxy',
    });
  });

  it.each([
    ['not json', 'not JSON'],
    ['{"t":"s"}', 'tagged array'],
    ['["d",1]', 'number'],
    ['["d","1e"]', 'number'],
    ['["g","12a"]', 'bigint'],
    ['["s",1]', 'string'],
    ['["b","true"]', 'boolean'],
    ['["a",1,[["5",["u"]]],0]', 'beyond its length'],
    ['["a",-1,[],0]', 'length'],
    ['["o","O",[["a",["u"]],["a",["n"]]],0]', 'twice'],
    ['["o","P",[],0]', 'prototype'],
    ['["o","O",[],-1]', 'count'],
    ['["u","extra"]', 'fields'],
    ['["z"]', 'unknown node tag'],
    ['["r"]', 'reason'],
  ])('rejects %s as malformed (%s)', (text, reason) => {
    const decoded = decodeJsValue(text);
    expect(decoded.status).toBe('malformed');
    if (decoded.status === 'malformed') expect(decoded.reason).toContain(reason);
  });

  it('rejects a value beyond the node and depth limits when the report is larger than any serialisation', () => {
    const wide = `["a",3,[${Array.from({ length: 3 }, (_, i) => `["${i}",["u"]]`).join(',')}],0]`;
    expect(decodeJsValue(wide, { maxNodes: 3, maxDepth: 100, maxChars: 1000 }).status).toBe('malformed');
    let deep = '["u"]';
    for (let i = 0; i < 5; i++) deep = `["a",1,[["0",${deep}]],0]`;
    expect(decodeJsValue(deep, { maxNodes: 100, maxDepth: 3, maxChars: 1000 }).status).toBe('malformed');
  });
});
