/** One line of a unified diff between two snippets. */
export interface DiffLine {
  readonly kind: 'same' | 'removed' | 'added';
  readonly text: string;
  /** For changed lines paired with a counterpart: the [start, end) of the changed characters. */
  readonly highlight?: readonly [number, number];
}

/**
 * Line diff of two snippets by longest common subsequence (snippets are short: O(n·m) is fine),
 * with the changed character range marked on each removed/added pair so a single-token edit stands out.
 *
 * @example
 * lineDiff('a\nb < c\n', 'a\nb <= c\n')
 * // [{kind:'same',text:'a'}, {kind:'removed',text:'b < c',highlight:[3,3]}, {kind:'added',text:'b <= c',highlight:[3,4]}, ...]
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  const removed: string[] = [];
  const added: string[] = [];
  const flush = (): void => {
    const pairs = Math.min(removed.length, added.length);
    removed.forEach((text, r) => {
      out.push(
        r < pairs ? { kind: 'removed', text, highlight: changedRange(text, added[r]!)[0] } : { kind: 'removed', text },
      );
    });
    added.forEach((text, r) => {
      out.push(
        r < pairs ? { kind: 'added', text, highlight: changedRange(removed[r]!, text)[1] } : { kind: 'added', text },
      );
    });
    removed.length = 0;
    added.length = 0;
  };
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      flush();
      out.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      added.push(b[j++]!);
    } else {
      removed.push(a[i++]!);
    }
  }
  flush();
  while (out.length > 0 && out[out.length - 1]!.kind === 'same' && out[out.length - 1]!.text === '') out.pop();
  return out;
}

function changedRange(x: string, y: string): [[number, number], [number, number]] {
  let p = 0;
  while (p < x.length && p < y.length && x[p] === y[p]) p++;
  let s = 0;
  while (s < x.length - p && s < y.length - p && x[x.length - 1 - s] === y[y.length - 1 - s]) s++;
  return [
    [p, x.length - s],
    [p, y.length - s],
  ];
}
