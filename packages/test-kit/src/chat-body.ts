/** The body of an OpenAI-compatible `POST /v1/chat/completions` request, as far as the fakes read it. */
export interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  [key: string]: unknown;
}

/** The content of the first user message of a request (`''` when there is none). */
export function userMessage(body: ChatBody): string {
  return body.messages.find((m) => m.role === 'user')?.content ?? '';
}

/**
 * The value of the first `<label>: <value>` line of the user message (the value up to the first whitespace), or
 * `''` when no line starts with `<label>: `.
 *
 * @example
 * promptField({ model: 'm', messages: [{ role: 'user', content: 'Function name: gcd\nQuery: …' }] }, 'Function name'); // 'gcd'
 */
export function promptField(body: ChatBody, label: string): string {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  return new RegExp(`^${escaped}: (\\S+)`, 'mu').exec(userMessage(body))?.[1] ?? '';
}
