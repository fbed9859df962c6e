import { chatCompletionResponse, type FakeReply, type FakeRequest } from '@execret/test-kit';

/** The quality a test candidate declares (`… quality 0.7`), which the fake judges believe. */
export function quality(text: string): number {
  const m = /quality (\d+(?:\.\d+)?)/.exec(text);
  if (m === null) throw new Error(`no quality in ${text}`);
  return Number(m[1]);
}

/** Candidates `def f_i(): … quality q_i`. */
export function candidates(qualities: readonly number[]): string[] {
  return qualities.map((q, i) => `def f_${i}(xs):\n    return sorted(xs)  # quality ${q}`);
}

function completion(content: string, extra: { logprobs?: unknown } = {}): FakeReply {
  return {
    json: chatCompletionResponse(content, {
      id: 'chatcmpl-1',
      created: 1,
      model: 'fake-chat',
      usage: { promptTokens: 50, completionTokens: 3 },
      ...extra,
    }),
  };
}

/**
 * A `startFakeServer` handler answering OpenAI-compatible chat completions as a judge that goes by the declared
 * quality: pointwise answers yes with P(yes) = quality (in `top_logprobs`); listwise answers `[a] > [b] > …` by
 * quality (or `{"ranking": […]}` when asked for JSON); pairwise answers the letter of the better snippet (`biased`:
 * always `A`).
 */
export function fakeJudge(options: { biased?: boolean } = {}) {
  return (request: FakeRequest): FakeReply => {
    const body = request.body as {
      messages: Array<{ role: string; content: string }>;
      logprobs?: boolean;
      response_format?: unknown;
    };
    const system = body.messages[0]?.content ?? '';
    const user = body.messages[1]?.content ?? '';
    if (system.startsWith('You judge whether')) {
      const code = user.slice(user.indexOf('Code:\n') + 6, user.indexOf('\n\nDoes this code'));
      const q = quality(code);
      const answer = q >= 0.5 ? 'yes' : 'no';
      if (!body.logprobs) return completion(answer);
      return completion(answer, {
        logprobs: {
          content: [
            {
              token: answer,
              logprob: Math.log(Math.max(q, 1 - q)),
              bytes: null,
              top_logprobs: [
                { token: 'yes', logprob: Math.log(q), bytes: null },
                { token: 'no', logprob: Math.log(1 - q), bytes: null },
              ],
            },
          ],
        },
      });
    }
    if (system.startsWith('You are RankGPT')) {
      const passages = [...user.matchAll(/\[(\d+)\] ([\s\S]*?quality \d+(?:\.\d+)?)/g)].map((m) => ({
        id: Number(m[1]),
        q: quality(m[2] as string),
      }));
      const ranked = [...passages].sort((a, b) => b.q - a.q || a.id - b.id).map((p) => p.id);
      if (body.response_format !== undefined) return completion(JSON.stringify({ ranking: ranked }));
      return completion(ranked.map((id) => `[${id}]`).join(' > '));
    }
    const a = user.slice(user.indexOf('Snippet A:\n') + 11, user.indexOf('\n\nSnippet B:'));
    const b = user.slice(user.indexOf('Snippet B:\n') + 11, user.indexOf('\n\nWhich snippet'));
    if (options.biased) return completion('A');
    return completion(quality(a) >= quality(b) ? 'A' : 'B');
  };
}
