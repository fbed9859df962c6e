/**
 * The first JSON object in a chat reply: the whole text, or the body of a fenced ```json block, or the span from
 * the first `{` to the last `}`; `undefined` when none parses.
 *
 * @example
 * replyJson('Sure!\n```json\n{"tests": []}\n```'); // { tests: [] }
 * replyJson('no json here');                        // undefined
 */
export function replyJson(content: string): unknown {
  const candidates = [content.trim()];
  const fence = /```(?:json)?\s*\n([\s\S]*?)```/i.exec(content);
  if (fence) candidates.push((fence[1] as string).trim());
  const a = content.indexOf('{');
  const b = content.lastIndexOf('}');
  if (a >= 0 && b > a) candidates.push(content.slice(a, b + 1));
  for (const c of candidates) {
    try {
      const v = JSON.parse(c) as unknown;
      if (typeof v === 'object' && v !== null) return v;
    } catch {
      // try the next reading
    }
  }
  return undefined;
}
