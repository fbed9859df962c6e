// A deterministic synthetic corpus the size of ExecRetrieval's: 939 tasks, each a small realistic
// function with 7-10 asserts, one canonical and four distractors (one task three) = 4,694 snippets.
// Distractors are single mechanical edits of the canonical (off-by-one, wrong operator, wrong
// comparison, removed edge case), as in the benchmark. Expected values are computed here in TypeScript,
// independently of Python.

import { mulberry32 } from '@execret/formats';

/** One snippet and the suite of the task it belongs to. */
export interface SyntheticJob {
  task: number;
  label: 'correct' | 'incorrect';
  code: string;
  tests: string[];
}

type Rng = () => number;
const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));

/** A Python literal for a JSON-like value (ASCII strings, numbers, booleans, lists). */
function py(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map(py).join(', ')}]`;
  return JSON.stringify(value);
}

interface Made {
  canonical: string;
  /** [search, replace] edits, each applied alone to the canonical. */
  bugs: [string, string][];
  /** [call expression, expected value] pairs. */
  cases: [string, unknown][];
}

type Template = (rng: Rng, name: string, n: number) => Made;

const TEMPLATES: Template[] = [
  (rng, name, n) => {
    const a = int(rng, 2, 5);
    const b = int(rng, 6, 9);
    const f = (m: number): number => {
      let total = 0;
      for (let i = 1; i < m; i++) if (i % a === 0 || i % b === 0) total += i;
      return total;
    };
    const args = Array.from({ length: n }, (_, i) => (i === 0 ? a * b : int(rng, 0, 60)));
    return {
      canonical: `def ${name}(n):\n    total = 0\n    for i in range(1, n):\n        if i % ${a} == 0 or i % ${b} == 0:\n            total += i\n    return total\n`,
      bugs: [
        ['range(1, n)', 'range(1, n + 1)'],
        [' or ', ' and '],
        ['total += i', 'total += i + 1'],
        [`i % ${a} == 0`, `i % ${a} != 0`],
      ],
      cases: args.map((m) => [`${name}(${m})`, f(m)]),
    };
  },
  (rng, name, n) => {
    const lo = int(rng, -20, 0);
    const hi = int(rng, 1, 30);
    const f = (x: number): number => (x < lo ? lo : Math.min(x, hi));
    const xs = [lo, hi, lo - 1, hi + 1, ...Array.from({ length: n - 4 }, () => int(rng, lo - 10, hi + 10))];
    return {
      canonical: `def ${name}(x):\n    if x < ${lo}:\n        return ${lo}\n    if x > ${hi}:\n        return ${hi}\n    return x\n`,
      bugs: [
        [`return ${lo}\n`, `return ${lo - 1}\n`],
        [`x > ${hi}`, `x >= ${hi - 1}`],
        [`    if x < ${lo}:\n        return ${lo}\n`, ''],
        ['return x\n', 'return x + 1\n'],
      ],
      cases: xs.map((x) => [`${name}(${x})`, f(x)]),
    };
  },
  (rng, name, n) => {
    const words = [
      'Banana',
      'sky',
      'AEIOU',
      'rhythm',
      'Queue',
      'education',
      '',
      'xylophone',
      'Aardvark',
      'tEsT cAsE',
      'ok',
    ];
    const f = (s: string): number => [...s.toLowerCase()].filter((c) => 'aeiou'.includes(c)).length;
    const picks = Array.from({ length: n }, (_, i) => words[(i + int(rng, 0, 10)) % words.length] as string);
    return {
      canonical: `def ${name}(text):\n    count = 0\n    for ch in text.lower():\n        if ch in "aeiou":\n            count += 1\n    return count\n`,
      bugs: [
        ['text.lower()', 'text'],
        ['count += 1', 'count += 2'],
        ['if ch in', 'if ch not in'],
        ['"aeiou"', '"aeio"'],
      ],
      cases: picks.map((s) => [`${name}(${py(s)})`, f(s)]),
    };
  },
  (rng, name, n) => {
    const items = Array.from({ length: int(rng, 5, 12) }, (_, i) => i * int(rng, 2, 4) + 1).sort((x, y) => x - y);
    const unique = [...new Set(items)];
    const f = (t: number): number => unique.indexOf(t);
    const targets = [
      unique[0] as number,
      unique[unique.length - 1] as number,
      0,
      ...Array.from({ length: n - 3 }, () => int(rng, 0, 40)),
    ];
    return {
      canonical: `def ${name}(items, target):\n    lo, hi = 0, len(items) - 1\n    while lo <= hi:\n        mid = (lo + hi) // 2\n        if items[mid] == target:\n            return mid\n        if items[mid] < target:\n            lo = mid + 1\n        else:\n            hi = mid - 1\n    return -1\n`,
      bugs: [
        ['lo <= hi', 'lo < hi'],
        ['len(items) - 1', 'len(items) - 2'],
        ['lo = mid + 1', 'lo = mid + 2'],
        ['return -1', 'return 0'],
      ],
      cases: targets.map((t) => [`${name}(${py(unique)}, ${t})`, f(t)]),
    };
  },
  (rng, name, n) => {
    const f = (x: number): number =>
      x
        .toString(2)
        .split('')
        .filter((c) => c === '1').length;
    const xs = [0, 1, 255, ...Array.from({ length: n - 3 }, () => int(rng, 2, 100000))];
    return {
      canonical: `def ${name}(n):\n    count = 0\n    while n:\n        n &= n - 1\n        count += 1\n    return count\n`,
      bugs: [
        ['count += 1', 'count += 2'],
        ['while n:', 'while n > 1:'],
        ['return count', 'return count - 1'],
        ['n &= n - 1', 'n >>= 1'],
      ],
      cases: xs.map((x) => [`${name}(${x})`, f(x)]),
    };
  },
  (rng, name, n) => {
    const iso = (t: number): string => new Date(t).toISOString().slice(0, 10);
    const day = 86_400_000;
    const base = Date.UTC(2020, 0, 1);
    const pairs = Array.from({ length: n }, (_, i) => {
      const a = base + int(rng, 0, 2000) * day;
      return [iso(a), iso(i === 0 ? a : a + int(rng, -400, 400) * day)] as const;
    });
    const f = (a: string, b: string): number => Math.abs(Date.parse(b) - Date.parse(a)) / day;
    return {
      canonical: `from datetime import date\n\ndef ${name}(a, b):\n    d1 = date.fromisoformat(a)\n    d2 = date.fromisoformat(b)\n    return abs((d2 - d1).days)\n`,
      bugs: [
        ['return abs((d2 - d1).days)', 'return (d2 - d1).days'],
        ['.days)', '.days) + 1'],
        ['date.fromisoformat(b)', 'date.fromisoformat(a)'],
        ['abs((d2 - d1).days)', 'abs((d2 - d1).days) // 7'],
      ],
      cases: pairs.map(([a, b]) => [`${name}(${py(a)}, ${py(b)})`, f(a, b)]),
    };
  },
  (rng, name, n) => {
    const inputs = ['', 'a', 'aaabbc', 'abc', 'zzzzzz', 'aabbaa', 'mississippi', 'xyyyz', 'qq', 'hello world'];
    const f = (s: string): string => {
      let out = '';
      for (let i = 0; i < s.length; ) {
        let j = i;
        while (j < s.length && s[j] === s[i]) j++;
        out += `${s[i]}${j - i}`;
        i = j;
      }
      return out;
    };
    const picks = Array.from({ length: n }, (_, i) => inputs[(i + int(rng, 0, 9)) % inputs.length] as string);
    return {
      canonical: `def ${name}(text):\n    if not text:\n        return ""\n    out = []\n    prev = text[0]\n    count = 1\n    for ch in text[1:]:\n        if ch == prev:\n            count += 1\n        else:\n            out.append(prev + str(count))\n            prev = ch\n            count = 1\n    out.append(prev + str(count))\n    return "".join(out)\n`,
      bugs: [
        ['    if not text:\n        return ""\n', ''],
        ['            count = 1\n', '            count = 0\n'],
        ['    out.append(prev + str(count))\n    return', '    return'],
        ['if ch == prev', 'if ch != prev'],
      ],
      cases: picks.map((s) => [`${name}(${py(s)})`, f(s)]),
    };
  },
  (rng, name, n) => {
    const f = (events: string[]): string => {
      let state = 'locked';
      for (const e of events) {
        if (state === 'locked' && e === 'coin') state = 'unlocked';
        else if (state === 'unlocked' && e === 'push') state = 'locked';
      }
      return state;
    };
    const seqs = Array.from({ length: n }, (_, i) =>
      Array.from({ length: i % 5 === 0 ? 0 : int(rng, 1, 6) }, () => (rng() < 0.5 ? 'coin' : 'push')),
    );
    return {
      canonical: `def ${name}(events):\n    state = "locked"\n    for event in events:\n        if state == "locked" and event == "coin":\n            state = "unlocked"\n        elif state == "unlocked" and event == "push":\n            state = "locked"\n    return state\n`,
      bugs: [
        ['state = "locked"\n    for', 'state = "unlocked"\n    for'],
        ['elif', 'if'],
        [' and event == "coin"', ' or event == "coin"'],
        ['event == "push"', 'event != "push"'],
      ],
      cases: seqs.map((s) => [`${name}(${py(s)})`, f(s)]),
    };
  },
  (rng, name, n) => {
    const w = int(rng, 2, 4);
    const f = (xs: number[]): number[] => xs.slice(w - 1).map((_, i) => xs.slice(i, i + w).reduce((s, x) => s + x, 0));
    const lists = Array.from({ length: n }, (_, i) =>
      Array.from({ length: i === 0 ? w - 1 : int(rng, w, w + 6) }, () => int(rng, -9, 9)),
    );
    return {
      canonical: `def ${name}(values):\n    window = ${w}\n    if len(values) < window:\n        return []\n    sums = []\n    for i in range(len(values) - window + 1):\n        sums.append(sum(values[i:i + window]))\n    return sums\n`,
      bugs: [
        ['range(len(values) - window + 1)', 'range(len(values) - window)'],
        ['values[i:i + window]', 'values[i:i + window - 1]'],
        ['    if len(values) < window:\n        return []\n', ''],
        ['len(values) < window', 'len(values) <= window'],
      ],
      cases: lists.map((xs) => [`${name}(${py(xs)})`, f(xs)]),
    };
  },
];

/**
 * Builds the corpus. Task `t` uses template `t mod 9` with its own parameters and function name.
 *
 * @param tasks - number of tasks (default 939)
 * @param seed - PRNG seed (default 20260510)
 */
export function syntheticCorpus(tasks = 939, seed = 20260510): SyntheticJob[] {
  const jobs: SyntheticJob[] = [];
  for (let t = 0; t < tasks; t++) {
    const rng = mulberry32(seed + t * 7919);
    const template = TEMPLATES[t % TEMPLATES.length] as Template;
    const made = template(rng, `task_${t}_fn`, int(rng, 7, 10));
    const tests = made.cases.map(([call, expected]) => `assert ${call} == ${py(expected)}`);
    jobs.push({ task: t, label: 'correct', code: made.canonical, tests });
    const bugs = t === tasks - 1 ? made.bugs.slice(0, 3) : made.bugs;
    for (const [search, replace] of bugs) {
      if (!made.canonical.includes(search))
        throw new Error(`template ${t % TEMPLATES.length}: bug pattern ${JSON.stringify(search)} not found`);
      jobs.push({ task: t, label: 'incorrect', code: made.canonical.replace(search, replace), tests });
    }
  }
  return jobs;
}
