/**
 * The texts of the real-model fidelity and throughput benchmarks, all taken or derived deterministically from the
 * bundled datasets (`mini`, `mini-js`) and the mini tasks (`fixtures/mini-tasks`), in five groups:
 *
 * - `query`: the 100 queries of `mini` (those of `mini-js` are the same texts);
 * - `code`: the 500 snippets of `mini` and the 500 of `mini-js`;
 * - `long`: per task, its canonical and its distractors joined (Python and JavaScript), and per domain all its
 *   queries joined: inputs well past the model's 256 tokens, where truncation decides the vector;
 * - `non-ascii`: each query with one of the fragments below (accents precomposed and decomposed, ß, Turkish İ and ı,
 *   Greek, Cyrillic, Chinese, Japanese, Korean, Arabic, Hebrew, Devanagari, Thai, emoji with ZWJ and skin tone,
 *   full-width letters, ligatures, superscripts, NBSP, zero-width space and joiner, soft hyphen, a control
 *   character), placed before, inside or after it, and each Python canonical with a comment holding one: where the
 *   normaliser (lower-casing, accent stripping, Chinese-character splitting, control-character removal) of two
 *   tokenizer implementations can part;
 * - `short`: the 100 function names, the first word of each query, and a few one- and zero-token inputs (the empty
 *   string, a space, single characters).
 *
 * Every text has a stable id (`<group>/<source>/<n>`) so that a difference can be traced back to its row.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledDatasetDirectory } from '@execret/dataset';

/** One text of the benchmark. */
export interface FidelityText {
  readonly id: string;
  readonly group: FidelityGroup;
  readonly text: string;
}

export type FidelityGroup = 'query' | 'code' | 'long' | 'non-ascii' | 'short';

export const FIDELITY_GROUPS: readonly FidelityGroup[] = ['query', 'code', 'long', 'non-ascii', 'short'];

/** Non-ASCII fragments, each exercising a different part of BERT's normaliser and pre-tokenizer. */
const NON_ASCII_FRAGMENTS: readonly string[] = [
  'naïve café résumé',
  'nai\u0308ve cafe\u0301 re\u0301sume\u0301',
  'Straße größer Maß',
  'İstanbul ıspanak DİYARBAKIR',
  'Σίσυφος ΑΒΓ λόγος',
  'Привет, мир! ёжик',
  '计算整数中1的个数',
  'ひらがな カタカナ 日本語',
  '한국어 텍스트',
  'مرحبا بالعالم',
  'שלום עולם',
  'नमस्ते दुनिया',
  'สวัสดีชาวโลก',
  'emoji 🙂 👩‍💻 👍🏽 🇩🇪',
  'ＦＵＬＬ　ｗｉｄｔｈ １２３',
  'ﬁnal ﬂow æsthetic œuvre',
  'x² + y³ = z⁴ ½ №',
  'non\u00a0breaking\u00a0space',
  'zero\u200bwidth\u200djoiner',
  'soft\u00adhyphen',
  'control\u0007char\u0000here',
  '€100 ± 5 ≤ ∞ → ✓',
  'café 计算 🙂 İ ß',
];

interface CorpusLine {
  readonly corpus_id: string;
  readonly code: string;
  readonly label: string;
  readonly source_entry_id: string;
}
interface QueryLine {
  readonly query_id: string;
  readonly query: string;
  readonly entry_id: string;
}
interface TaskLine {
  readonly id: string;
  readonly function_name: string;
  readonly canonical: string;
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);

function release(name: 'mini' | 'mini-js'): { queries: QueryLine[]; corpus: CorpusLine[] } {
  const dir = join(bundledDatasetDirectory(name), 'data');
  return {
    queries: readJsonl<QueryLine>(join(dir, 'queries.jsonl')),
    corpus: readJsonl<CorpusLine>(join(dir, 'corpus.jsonl')),
  };
}

/** Snippets grouped by task (`source_entry_id`), canonical first, in corpus order otherwise. */
function groups(corpus: readonly CorpusLine[]): string[][] {
  const byTask = new Map<string, CorpusLine[]>();
  for (const row of corpus) byTask.set(row.source_entry_id, [...(byTask.get(row.source_entry_id) ?? []), row]);
  return [...byTask.values()].map((rows) =>
    [...rows].sort((a, b) => Number(b.label === 'correct') - Number(a.label === 'correct')).map((r) => r.code),
  );
}

/**
 * The benchmark's texts (about 1,700), in a fixed order.
 *
 * @param repo the repository root (for `fixtures/mini-tasks/tasks.jsonl`).
 */
export function fidelityTexts(repo: string): FidelityText[] {
  const py = release('mini');
  const js = release('mini-js');
  const tasks = readJsonl<TaskLine>(join(repo, 'fixtures/mini-tasks/tasks.jsonl'));
  const out: FidelityText[] = [];
  const add = (group: FidelityGroup, source: string, texts: readonly string[]) =>
    texts.forEach((text, n) => {
      out.push({ id: `${group}/${source}/${n}`, group, text });
    });

  add(
    'query',
    'mini',
    py.queries.map((q) => q.query),
  );
  add(
    'code',
    'mini',
    py.corpus.map((c) => c.code),
  );
  add(
    'code',
    'mini-js',
    js.corpus.map((c) => c.code),
  );

  add(
    'long',
    'mini-task',
    groups(py.corpus).map((codes) => codes.join('\n\n')),
  );
  add(
    'long',
    'mini-js-task',
    groups(js.corpus).map((codes) => codes.join('\n\n')),
  );
  const byDomain = new Map<string, string[]>();
  for (const q of py.queries) {
    const domain = q.entry_id.replace(/^exec_/u, '').replace(/_\d+$/u, '');
    byDomain.set(domain, [...(byDomain.get(domain) ?? []), q.query]);
  }
  add(
    'long',
    'mini-domain',
    [...byDomain.values()].map((queries) => queries.join(' ')),
  );

  const fragment = (n: number) => NON_ASCII_FRAGMENTS[n % NON_ASCII_FRAGMENTS.length] as string;
  add(
    'non-ascii',
    'mini-query',
    py.queries.map((q, n) => {
      const f = fragment(n);
      if (n % 3 === 0) return `${f} ${q.query}`;
      if (n % 3 === 1) return `${q.query} ${f}`;
      const words = q.query.split(' ');
      const at = Math.floor(words.length / 2);
      return [...words.slice(0, at), f, ...words.slice(at)].join(' ');
    }),
  );
  add(
    'non-ascii',
    'mini-canonical',
    tasks.map((t, n) => `# ${fragment(n + 7)}\n${t.canonical}`),
  );
  add('non-ascii', 'fragment', NON_ASCII_FRAGMENTS);

  add(
    'short',
    'function-name',
    tasks.map((t) => t.function_name),
  );
  add(
    'short',
    'first-word',
    py.queries.map((q) => q.query.split(' ')[0] as string),
  );
  add('short', 'tiny', ['', ' ', 'a', 'x', '0', '?', '()', 'def', 'é', '中', '🙂', '\n', 'if x:', 'return']);
  return out;
}
