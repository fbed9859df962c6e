// @execret/oracle JavaScript runner: a job the QuickJS host runs on itself before it says hello. V8
// compiles WebAssembly functions when they are first called, so the first job of a cold host would pay
// about a second of compilation inside its own time budget; this script calls the engine paths common
// jobs use (parsing, closures, classes, exceptions, strings, regular expressions, arrays, Map/Set, JSON,
// numbers, dates, generators, the serialiser and the error description) so that they are compiled first.
function warmup(n) {
  class Point {
    constructor(x, y) {
      this.x = x;
      this.y = y;
    }
    get norm() {
      return Math.hypot(this.x, this.y);
    }
    static of(pair) {
      return new Point(pair[0], pair[1]);
    }
  }
  const out = [];
  const words = 'the quick brown fox jumps over the lazy dog'.split(' ');
  const counts = new Map();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  const unique = new Set(words);
  out.push(
    counts.size,
    unique.size,
    [...unique].sort().join(','),
    words.map((w) => w.toUpperCase()).filter((w) => w.length > 3),
  );
  out.push(
    words.reduce((acc, w) => acc + w.length, 0),
    words.indexOf('fox'),
    words.includes('cat'),
    words.slice(2, 5),
  );
  out.push(JSON.parse(JSON.stringify({ a: [1, 2, { b: 'c' }], d: null, e: true })), Object.entries({ x: 1, y: 2 }));
  out.push(Object.keys({ p: 1 }), Object.assign({}, { q: 2 }), { ...{ r: 3 }, s: 4 });
  out.push(
    '2024-01-15'
      .match(/(\d+)-(\d+)-(\d+)/)
      .slice(1)
      .map(Number),
    'a-b_c'.replace(/[-_]/g, ' '),
    /^\w+@\w+\.\w+$/.test('x@y.z'),
  );
  out.push(
    '  padded '.trim().padStart(10, '*').padEnd(12, '-'),
    'abc'.charCodeAt(1),
    String.fromCharCode(65),
    'Ab'.localeCompare('ab'),
  );
  out.push(Number.parseFloat('3.14'), 0xff, (255).toString(2), (1.23456).toFixed(2), Math.max(...[1, 5, 3]), 2 ** 10);
  out.push(
    new Date(Date.UTC(2020, 1, 29)).toISOString(),
    new Date(0).getUTCDay(),
    BigInt(2) ** 64n,
    7 % 3,
    -7 >> 1,
    5 >>> 1,
    6 & 3,
    6 | 3,
    6 ^ 3,
  );
  out.push(
    Point.of([3, 4]).norm,
    Array.from({ length: 5 }, (_, i) => i * i),
    Array(3).fill(0),
    [3, 1, 2].sort((a, b) => a - b),
  );
  out.push(
    [[1, 2], [3]].flat(),
    [1, 2, 3].flatMap((x) => [x, x]),
    [1, 2, 3].find((x) => x > 1),
    [1, 2, 3].findIndex((x) => x > 2),
  );
  out.push(
    [1, 2, 3].every((x) => x > 0),
    [1, 2, 3].some((x) => x > 2),
    [1, 2, 3].reverse(),
    [1, 2, 3].concat([4]),
    [1, 2, 3].join('-'),
  );
  function* gen() {
    yield 1;
    yield 2;
  }
  out.push([...gen()], Array.isArray(out), typeof out, out instanceof Object, Symbol('s').toString(), `${n} items`);
  const { a = 1, ...rest } = { b: 2, c: 3 };
  const [first, , third = 9] = [1, 2];
  out.push(a, rest, first, third, n > 0 ? 'pos' : 'neg', n ?? 0, n?.toString());
  try {
    null.x;
  } catch (error) {
    out.push(error instanceof TypeError, error.message);
  }
  try {
    throw new RangeError('r');
  } catch (error) {
    out.push(String(error));
  }
  let total = 0;
  for (let i = 0; i < 2000; i++) total += i % 7;
  out.push(total, encodeURIComponent('a b'), escape === undefined, Number.isInteger(5), Number.isNaN(Number.NaN));
  return out;
}
warmup(3);
