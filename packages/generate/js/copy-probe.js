// The probe helper of @execret/generate's copy verification (propagated-bug pools), for JavaScript and TypeScript.
// `src/bug-copies/probe-jobs.ts` appends this file to the code of a probe job, followed by one configuration line
//     const __execretCopyConfig = { copy: <the function>, original: <the original's function, or null>, runMs: <ms> };
// (the original's source sits inside a function expression there, so its names do not meet the copy's) and writes
// one test per probe input: `assert(__execretCopyRuns(() => [<args>]))` (the original alone: does it finish within `runMs`, outcome included?) or
// `assert(__execretCopyAgree(() => [<args>]))` (the copy against the original: same outcome?). An outcome is what
// the call returned (a canonical text: object keys, Map and Set entries order-free) or the name of what it threw,
// plus the canonical text of the arguments after the call (in-place changes count). A call that never ends is cut
// by the oracle's timeout (TIMEOUT).

function __execretCopyCanon(value, depth) {
  if (depth > 12) return '...';
  const type = typeof value;
  if (value === null) return 'null';
  if (type === 'undefined') return 'undefined';
  if (type === 'number') return Object.is(value, -0) ? 'number:-0' : `number:${String(value)}`;
  if (type === 'bigint' || type === 'boolean') return `${type}:${String(value)}`;
  if (type === 'string') return `string:${JSON.stringify(value)}`;
  if (type === 'symbol') return `symbol:${String(value.description)}`;
  if (type === 'function') return 'function';
  const canon = (x) => __execretCopyCanon(x, depth + 1);
  if (Array.isArray(value)) {
    const items = [];
    for (let i = 0; i < value.length && i < 100000; i += 1) items.push(i in value ? canon(value[i]) : 'hole');
    return `array[${items.join(', ')}]`;
  }
  if (value instanceof Map) {
    const items = [];
    for (const [k, v] of value) items.push(`${canon(k)}: ${canon(v)}`);
    return `map{${items.sort().join(', ')}}`;
  }
  if (value instanceof Set) {
    const items = [];
    for (const v of value) items.push(canon(v));
    return `set{${items.sort().join(', ')}}`;
  }
  if (value instanceof Date) return `date:${String(value.getTime())}`;
  if (value instanceof RegExp) return `regexp:${String(value)}`;
  if (ArrayBuffer.isView(value)) return `${Object.prototype.toString.call(value)}[${Array.from(value).join(', ')}]`;
  const keys = Object.keys(value).sort();
  const items = keys.map((k) => `${JSON.stringify(k)}: ${canon(value[k])}`);
  return `${Object.prototype.toString.call(value)}{${items.join(', ')}}`;
}

function __execretCopyOutcome(fn, make) {
  const args = make();
  let shown;
  try {
    shown = `value:${__execretCopyCanon(fn(...args), 0)}`;
  } catch (error) {
    const name =
      error !== null && typeof error === 'object' && error.constructor ? error.constructor.name : typeof error;
    shown = `raised:${String(name)}`;
  }
  return `${shown}|${__execretCopyCanon(args, 0)}`;
}

function __execretCopyRuns(make) {
  const started = Date.now();
  __execretCopyOutcome(__execretCopyConfig.copy, make);
  return Date.now() - started <= __execretCopyConfig.runMs;
}

function __execretCopyAgree(make) {
  const original = __execretCopyOutcome(__execretCopyConfig.original, make);
  return original === __execretCopyOutcome(__execretCopyConfig.copy, make);
}
