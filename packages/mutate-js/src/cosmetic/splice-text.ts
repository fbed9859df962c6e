/** One replacement of a cosmetic rewrite: UTF-16 offsets `[start, end)` of the source and the new text. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies non-overlapping edits (UTF-16 offsets into `source`); insertions (`start === end`) at one point keep
 * their given order. Returns null when two edits overlap.
 *
 * @example
 * spliceText('a < b', [{ start: 0, end: 1, text: 'b' }, { start: 4, end: 5, text: 'a' }]) // 'b < a'
 */
export function spliceText(source: string, edits: readonly TextEdit[]): string | null {
  const sorted = edits
    .map((edit, order) => ({ edit, order }))
    .sort((x, y) => x.edit.start - y.edit.start || x.edit.end - y.edit.end || x.order - y.order)
    .map((x) => x.edit);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) return null;
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at);
}
