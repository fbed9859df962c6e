import { mulberry32 } from '@execret/formats';
import type { CodeLiterals } from './code-literals.js';
import type { ParameterSpec } from './function-signature.js';
import { guessProbeKinds, PROBE_KINDS, type ProbeKind } from './param-kinds.js';
import type { ProbeCall } from './probe-call.js';
import type { ProbeValue } from './probe-value.js';

/** Options of {@link generateProbeInputs}. */
export interface ProbeInputsOptions {
  /** How many distinct calls to generate (fewer when the space is smaller). */
  count: number;
  /** Seed of the `mulberry32` stream that makes every choice. */
  seed: number;
}

/** Version of the generator; enters cache keys, so cached inputs are never mixed across versions. */
export const PROBE_GENERATOR_VERSION = 'type-probe/1';

/** Integers and strings used besides the code's own literals. */
const BASE_INTS = [0, 1, -1, 2, 3, 5, 10, 100];
const BASE_FLOATS = [0, 0.5, -1.5, 1, 2.5, 3.25, 1e-9];
const BASE_STRINGS = ['', 'a', 'abc', 'Hello World', 'aab', ' x y ', '123', 'A1b2', 'racecar', 'a,b,c', 'hello_world'];
const MAX_ABS_INT = 1_000_000;
const MAX_LITERAL_STRING = 40;

interface Pools {
  ints: number[];
  floats: number[];
  strings: string[];
  alphabet: string[];
  /** Punctuation found in the code's strings (or `.`, `:`, `-`), to join numbers into dotted, dated or timed strings. */
  separators: string[];
  /** Alphabetic string literals (e.g. `AM`, `PM`), to follow a structured string. */
  words: string[];
}

function pools(literals: CodeLiterals): Pools {
  const ints = new Set(BASE_INTS);
  for (const v of literals.ints) {
    if (Math.abs(v) > MAX_ABS_INT) continue;
    ints.add(v);
    ints.add(v - 1);
    ints.add(v + 1);
  }
  const floats = new Set(BASE_FLOATS);
  for (const v of literals.floats) {
    if (Math.abs(v) > MAX_ABS_INT) continue;
    for (const d of [0, -0.5, 0.5, -1, 1]) floats.add(v + d);
  }
  const strings = new Set(BASE_STRINGS);
  const short = literals.strings.filter((s) => [...s].length <= MAX_LITERAL_STRING);
  for (const s of short) {
    strings.add(s);
    strings.add(s.toUpperCase());
    strings.add(`a${s}b`);
    strings.add(s + s);
  }
  const alphabet = new Set('abcAB01 ,.-_');
  for (const s of short) for (const ch of s) alphabet.add(ch);
  const separators = new Set<string>();
  for (const s of short) for (const ch of s) if (/[.:\-/,@#]/.test(ch)) separators.add(ch);
  if (separators.size === 0) for (const ch of '.:-') separators.add(ch);
  const words = short.filter((s) => /^[A-Za-z]+$/.test(s));
  return {
    ints: [...ints].sort((a, b) => a - b),
    floats: [...floats].sort((a, b) => a - b),
    strings: [...strings].sort(),
    alphabet: [...alphabet].sort(),
    separators: [...separators].sort(),
    words: words.sort(),
  };
}

type Rng = () => number;

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)] as T;
}

function length(rng: Rng, max: number): number {
  const r = rng();
  if (r < 0.1) return 0;
  if (r < 0.25) return 1;
  return 2 + Math.floor(rng() * (max - 1));
}

function intValue(rng: Rng, p: Pools): ProbeValue {
  return { kind: 'int', value: rng() < 0.7 ? pick(rng, p.ints) : Math.floor(rng() * 56) - 5 };
}

function floatValue(rng: Rng, p: Pools): ProbeValue {
  return {
    kind: 'float',
    value: rng() < 0.6 ? pick(rng, p.floats) : Math.round((rng() * 20 - 5) * 100) / 100,
  };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** How the strings of one call are built (drawn once per call, so two date parameters get two dates). */
type StringStyle = 'pool' | 'random' | 'concat' | 'digits' | 'date' | 'time' | 'joined';
const STRING_STYLES: readonly (readonly [StringStyle, number])[] = [
  ['pool', 0.35],
  ['random', 0.13],
  ['concat', 0.1],
  ['digits', 0.12],
  ['date', 0.1],
  ['time', 0.1],
  ['joined', 0.1],
];

function stringStyle(rng: Rng): StringStyle {
  let r = rng();
  for (const [style, w] of STRING_STYLES) {
    if (r < w) return style;
    r -= w;
  }
  return 'pool';
}

function strValue(rng: Rng, p: Pools, style: StringStyle): ProbeValue {
  const word = () => (p.words.length > 0 && rng() < 0.5 ? ` ${pick(rng, p.words)}` : '');
  let s: string;
  switch (style) {
    case 'pool':
      s = pick(rng, p.strings);
      break;
    case 'random': {
      s = '';
      const n = Math.floor(rng() * 9);
      for (let i = 0; i < n; i++) s += pick(rng, p.alphabet);
      break;
    }
    case 'concat':
      s = pick(rng, p.strings) + pick(rng, p.strings);
      break;
    case 'digits': {
      s = '';
      const n = 1 + Math.floor(rng() * 16);
      for (let i = 0; i < n; i++) s += String(Math.floor(rng() * 10));
      if (rng() < 0.2) s = s.replace(/(\d{4})(?=\d)/g, '$1 ');
      break;
    }
    case 'date':
      s = `${1900 + Math.floor(rng() * 200)}-${pad(1 + Math.floor(rng() * 12), 2)}-${pad(1 + Math.floor(rng() * 28), 2)}`;
      break;
    case 'time':
      s = `${pad(Math.floor(rng() * 25), rng() < 0.5 ? 2 : 1)}:${pad(Math.floor(rng() * 60), 2)}${word()}`;
      break;
    case 'joined': {
      const sep = pick(rng, p.separators);
      const k = 2 + Math.floor(rng() * 3);
      s =
        Array.from({ length: k }, () =>
          String(rng() < 0.5 ? Math.abs(pick(rng, p.ints)) : Math.floor(rng() * 300)),
        ).join(sep) + word();
      break;
    }
  }
  return { kind: 'str', value: s };
}

function listOf(rng: Rng, max: number, item: () => ProbeValue, sortable: boolean): ProbeValue {
  const items = Array.from({ length: length(rng, max) }, item);
  if (sortable && rng() < 0.4) items.sort((a, b) => (a as { value: number }).value - (b as { value: number }).value);
  return { kind: 'list', items };
}

function dictValue(rng: Rng, p: Pools, nested: boolean): ProbeValue {
  const n = length(rng, 4);
  const keys = new Set<string>();
  const entries: [ProbeValue, ProbeValue][] = [];
  for (let i = 0; i < n; i++) {
    const k = (strValue(rng, p, 'pool') as { value: string }).value;
    if (keys.has(k)) continue;
    keys.add(k);
    const v = nested && rng() < 0.4 ? dictValue(rng, p, false) : intValue(rng, p);
    entries.push([{ kind: 'str', value: k }, v]);
  }
  return { kind: 'dict', entries };
}

function value(kind: ProbeKind, rng: Rng, p: Pools, style: StringStyle): ProbeValue {
  switch (kind) {
    case 'int':
      return intValue(rng, p);
    case 'float':
      return floatValue(rng, p);
    case 'str':
      return strValue(rng, p, style);
    case 'bool':
      return { kind: 'bool', value: rng() < 0.5 };
    case 'none':
      return { kind: 'none' };
    case 'list-int':
      return listOf(rng, 6, () => intValue(rng, p), true);
    case 'list-float':
      return listOf(rng, 6, () => floatValue(rng, p), true);
    case 'list-str':
      return listOf(rng, 5, () => strValue(rng, p, style), false);
    case 'list-list-int': {
      const width = 1 + Math.floor(rng() * 4);
      const ragged = rng() < 0.4;
      return listOf(
        rng,
        4,
        () => ({
          kind: 'list',
          items: Array.from({ length: ragged ? Math.floor(rng() * 5) : width }, () => intValue(rng, p)),
        }),
        false,
      );
    }
    case 'pair':
      return { kind: 'tuple', items: [intValue(rng, p), intValue(rng, p)] };
    case 'list-pair':
      return listOf(rng, 6, () => value('pair', rng, p, style), false);
    case 'quad': {
      const xs = [intValue(rng, p), intValue(rng, p), intValue(rng, p), intValue(rng, p)] as {
        kind: 'int';
        value: number;
      }[];
      if (rng() < 0.5) {
        const [a, b, c, d] = xs.map((x) => x.value) as [number, number, number, number];
        return {
          kind: 'tuple',
          items: [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)].map((v) => ({
            kind: 'int',
            value: v,
          })),
        };
      }
      return { kind: 'tuple', items: xs };
    }
    case 'dict-str-int':
      return dictValue(rng, p, false);
    case 'dict-nested':
      return dictValue(rng, p, true);
    case 'list-dict': {
      const keys = Array.from({ length: 1 + Math.floor(rng() * 3) }, () => pick(rng, p.strings));
      return listOf(
        rng,
        3,
        () => ({
          kind: 'dict',
          entries: [...new Set(keys)].map(
            (k) => [{ kind: 'str', value: k }, rng() < 0.5 ? intValue(rng, p) : strValue(rng, p, 'pool')] as const,
          ),
        }),
        false,
      );
    }
  }
}

function callKey(call: ProbeCall): string {
  return JSON.stringify(call);
}

/**
 * Type-probing inputs for a function, generated without any model and without reading the query. For each call
 * one `mulberry32(seed)` stream decides: in 60 % of the calls every parameter with guessed kinds (see
 * `guessProbeKinds`) takes one of them, parameters with the same guesses (`a, b, c`; `start, end`) sharing one
 * kind; otherwise each parameter takes, at even odds, a guessed kind or any kind (ints, floats, strings, booleans,
 * `None`, lists of ints, floats, strings, lists, pairs or dicts, pairs, 4-tuples, dicts, nested dicts). Values come
 * from the code's literals — integers and their ±1 neighbours (|x| ≤ 10^6), floats ±0.5 and ±1, strings of at most
 * 40 characters as written, upper-cased, doubled and wrapped (`a…b`), and their characters — mixed with fixed
 * typed probes; the strings of one call share one style: a literal, random characters, two literals joined,
 * digits (1–16, sometimes grouped by four), an ISO-like date `YYYY-MM-DD`, a clock time `H:MM` or `HH:MM`, or 2–4
 * numbers joined by a separator found in the code's strings (`.`, `:`, `-` when none), the last two sometimes
 * followed by an alphabetic literal (`PM`). Parameters without a default are always passed (keyword-only ones by
 * name); in a quarter of the calls the optional positional ones are passed too; `*args`/`**kwargs` never. Calls
 * are distinct; generation stops after `count` calls or `50 × count` attempts. Deterministic: the same
 * parameters, literals and options give the same calls (bump `PROBE_GENERATOR_VERSION` when the rules change).
 *
 * @example
 * generateProbeInputs([param('n')], { ints: [0, 32], floats: [], strings: [] }, { count: 3, seed: 1 });
 * // e.g. [{ positional: [{ kind: 'int', value: 31 }], keyword: [] }, { positional: [int -1] … }, …]
 */
export function generateProbeInputs(
  parameters: readonly ParameterSpec[],
  literals: CodeLiterals,
  options: ProbeInputsOptions,
): ProbeCall[] {
  if (!Number.isInteger(options.count) || options.count < 1)
    throw new RangeError(
      `@execret/exec-rerank generateProbeInputs: count must be an integer >= 1, received ${options.count}`,
    );
  const rng = mulberry32(options.seed);
  const p = pools(literals);
  const hints = parameters.map(guessProbeKinds);
  const out: ProbeCall[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; attempt < 50 * options.count && out.length < options.count; attempt++) {
    const allHinted = rng() < 0.6;
    const withOptional = rng() < 0.25;
    const style = stringStyle(rng);
    const shared = new Map<string, ProbeKind>();
    const positional: ProbeValue[] = [];
    const keyword: [string, ProbeValue][] = [];
    parameters.forEach((param, i) => {
      if (param.kind === 'rest' || param.kind === 'rest-keyword') return;
      if (param.hasDefault && !(withOptional && param.kind === 'positional')) return;
      const hinted = hints[i] as ProbeKind[];
      let kind: ProbeKind;
      if (hinted.length > 0 && (allHinted || rng() < 0.5)) {
        // parameters with the same hints (a, b, c; start, end) share one kind in a call
        const key = hinted.join(',');
        kind = shared.get(key) ?? pick(rng, hinted);
        shared.set(key, kind);
      } else kind = pick(rng, PROBE_KINDS);
      const v = value(kind, rng, p, style);
      if (param.kind === 'keyword') keyword.push([param.name, v]);
      else positional.push(v);
    });
    // a skipped optional positional cannot be followed by a passed one: defaults only trail, so this holds
    const call: ProbeCall = { positional, keyword };
    const key = callKey(call);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(call);
  }
  return out;
}
