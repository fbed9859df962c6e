/**
 * JSON with object keys sorted (recursively, by UTF-16 code units as RFC 8785 sorts them) and no whitespace, so
 * equal values give equal strings: the input of every configuration hash (embedders, rerankers). Arrays keep their
 * order; `undefined` object fields are dropped; non-finite numbers throw `RangeError`.
 *
 * @example
 * canonicalJson({ b: 1, a: [2, { d: null, c: 'x' }] }); // '{"a":[2,{"c":"x","d":null}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`@execret/formats canonicalJson: non-finite number ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`@execret/formats canonicalJson: cannot encode a value of type ${typeof value}`);
}
