import type { ParameterSpec } from './function-signature.js';

/** The shapes of value the fuzzer can generate for a parameter. */
export type ProbeKind =
  | 'int'
  | 'float'
  | 'str'
  | 'bool'
  | 'none'
  | 'list-int'
  | 'list-float'
  | 'list-str'
  | 'list-list-int'
  | 'list-pair'
  | 'list-dict'
  | 'pair'
  | 'quad'
  | 'dict-str-int'
  | 'dict-nested';

/** Every {@link ProbeKind}, the generic probes every parameter gets besides its hinted kinds. */
export const PROBE_KINDS: readonly ProbeKind[] = [
  'int',
  'float',
  'str',
  'bool',
  'none',
  'list-int',
  'list-float',
  'list-str',
  'list-list-int',
  'list-pair',
  'list-dict',
  'pair',
  'quad',
  'dict-str-int',
  'dict-nested',
];

const BOOL_FIRST = new Set(['is', 'has', 'allow', 'use', 'include', 'ignore', 'enable', 'should', 'can', 'keep']);
const BOOL_NAMES = new Set(['flag', 'signed', 'pascal', 'strict', 'reverse', 'inclusive', 'exclusive', 'verbose']);
const STR_WORDS = new Set(
  'text string str s word line name phrase address password version isbn email prefix suffix sep separator delimiter delim char ch pattern encoded sentence message msg label token expr expression command cmd hex color colour iso date time url title fmt format unit op operator mode state direction symbol letter s1 s2 source src ip host query html json csv'.split(
    ' ',
  ),
);
const INT_WORDS = new Set(
  'n k m i j x y z num count size width length len shift base exponent exp power modulus mod limit capacity year month day hour minute second ms low high lo hi bins target divisor threshold index idx pos position start end stop step floor field price amount total max min depth block keep offset degree r p q bound radix digit times repeat top bottom left right level seed bucket window chunk page'.split(
    ' ',
  ),
);
const INT_PLURALS = new Set(['days', 'hours', 'minutes', 'seconds', 'months', 'years', 'weeks', 'degrees', 'times']);
const FLOAT_WORDS = new Set(
  'rate ratio factor scale alpha beta temperature temp band tolerance tol epsilon eps weight prob probability percent fraction'.split(
    ' ',
  ),
);
const LIST_STR_WORDS = new Set(
  'words strings lines names tokens keys labels tags sentences letters chars events commands'.split(' '),
);
const LIST_PAIR_WORDS = new Set('points polygon vertices coords coordinates pairs intervals edges segments'.split(' '));
const LIST_LIST_WORDS = new Set('rows grid matrix board lists groups chunks ragged'.split(' '));
const LIST_DICT_WORDS = new Set('records dicts entries objects'.split(' '));
const LIST_WORDS = new Set(
  'items seq sequence nums numbers values arr array lst list data requests coins readings samples prices scores weights amounts first second xs ys vals iterable collection stack queue heap history path elements'.split(
    ' ',
  ),
);
const PAIR_WORDS = new Set('point p u v vec vector origin center centre pt coord coordinate'.split(' '));
const QUAD_WORDS = new Set(['rect', 'box', 'rectangle', 'bbox']);
const DICT_WORDS = new Set(
  'd dict mapping map obj base override config record counts table graph tree defaults options settings env headers params'.split(
    ' ',
  ),
);

function fromDefault(p: ParameterSpec): ProbeKind[] {
  const d = p.defaultValue;
  if (d === null) return [];
  switch (d.kind) {
    case 'bool':
      return ['bool'];
    case 'int':
      return ['int'];
    case 'float':
      return ['float', 'int'];
    case 'str':
      return ['str'];
    case 'list':
    case 'tuple':
      return ['list-int', 'list-str'];
    case 'dict':
      return ['dict-str-int'];
    case 'none':
      return [];
  }
}

/**
 * The kinds of value a parameter most likely takes, guessed from its default and its name (no code is run):
 * a literal default fixes the kind (`True` → `bool`, `8` → `int`, `"."` → `str`, …); otherwise the name's words
 * (split at `_`, trailing digits dropped) are looked up in small tables — `text`, `line`, `name`… → `str`;
 * `n`, `k`, `width`, `year`… → `int`; `points`, `polygon` → `list-pair`; `rows`, `grid` → `list-list-int`;
 * `items`, `values`… → `list-int`; `point`, `u` → `pair`; `rect` → `quad`; `is_*`, `allow_*` → `bool`; other
 * plurals → `list-int` and `list-str`. Ambiguous names get several kinds (`bits` → `int`, `str`; `a`, `b` →
 * `int`, `list-int`, `pair`, `str`). An empty list means "no hint": the fuzzer then draws from every kind.
 *
 * @example
 * guessProbeKinds(param('text'));          // ['str']
 * guessProbeKinds(param('width', 8));      // ['int']
 * guessProbeKinds(param('polygon'));       // ['list-pair']
 * guessProbeKinds(param('frobnicator'));   // []
 */
export function guessProbeKinds(p: ParameterSpec): ProbeKind[] {
  const byDefault = fromDefault(p);
  if (byDefault.length > 0) return byDefault;
  const words = p.name
    .toLowerCase()
    .split('_')
    .map((w) => w.replace(/\d+$/, ''))
    .filter((w) => w !== '');
  const last = words[words.length - 1] ?? '';
  const first = words[0] ?? '';
  const kinds = new Set<ProbeKind>();
  if (BOOL_FIRST.has(first) && words.length > 1) kinds.add('bool');
  if (BOOL_NAMES.has(last)) kinds.add('bool');
  if (last === 'bits' || last === 'number') {
    kinds.add('int');
    kinds.add('str');
  }
  if (last === 'value' || last === 'val') {
    kinds.add('int');
    kinds.add('float');
    kinds.add('str');
  }
  if (['a', 'b', 'c'].includes(last)) {
    for (const k of ['int', 'list-int', 'pair', 'str'] as const) kinds.add(k);
  }
  if (last === 'start' || last === 'end' || last === 'stop') kinds.add('str');
  if (last === 'key' || last === 'data') {
    kinds.add('str');
    kinds.add(last === 'data' ? 'dict-nested' : 'none');
  }
  if (STR_WORDS.has(last) || (words.length > 1 && words.some((w) => w === 'text' || w === 'str' || w === 'iso')))
    kinds.add('str');
  if (INT_WORDS.has(last) || INT_PLURALS.has(last) || (words.length > 1 && INT_WORDS.has(first) && kinds.size === 0))
    kinds.add('int');
  if (FLOAT_WORDS.has(last)) {
    kinds.add('float');
    kinds.add('int');
  }
  if (LIST_STR_WORDS.has(last)) kinds.add('list-str');
  if (LIST_PAIR_WORDS.has(last)) kinds.add('list-pair');
  if (LIST_LIST_WORDS.has(last)) kinds.add('list-list-int');
  if (LIST_DICT_WORDS.has(last)) kinds.add('list-dict');
  if (LIST_WORDS.has(last)) {
    kinds.add('list-int');
    if (['values', 'readings', 'samples', 'prices', 'weights', 'scores', 'amounts'].includes(last))
      kinds.add('list-float');
    if (['items', 'seq', 'sequence', 'data', 'lst', 'list', 'elements', 'iterable', 'path'].includes(last))
      kinds.add('list-str');
  }
  if (PAIR_WORDS.has(last)) kinds.add('pair');
  if (QUAD_WORDS.has(last)) kinds.add('quad');
  if (DICT_WORDS.has(last)) {
    kinds.add('dict-str-int');
    kinds.add('dict-nested');
  }
  if (kinds.size === 0 && last.length > 2 && last.endsWith('s') && !last.endsWith('ss')) {
    kinds.add('list-int');
    kinds.add('list-str');
  }
  return [...kinds];
}
