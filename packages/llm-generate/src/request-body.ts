/**
 * The chat-completions request of an entry's next attempt.
 */

import type { ChatCompletionRequest } from '@execret/http';
import type { EntryState } from './entry-state.js';
import type { GenerateSettings } from './generate-options.js';
import { buildMessages } from './prompt.js';
import { replyJsonSchema } from './reply-schema.js';

/**
 * The body of the next request for an entry: `requestOptions`, the model, the mode's messages (every earlier
 * reply with its rejection reasons) and the `response_format` of the settings; the prompt and the schema use the
 * settings' rewrites and test bounds.
 *
 * @example
 * requestBody(settings, { temperature: 0 }, state).response_format;
 * // { type: 'json_schema', json_schema: { name: 'execret_locked_entry', strict: true, schema: { ... } } }
 */
export function requestBody(
  settings: GenerateSettings,
  requestOptions: Record<string, unknown> | undefined,
  state: EntryState,
): ChatCompletionRequest {
  const { mode, rewrites, minTests, maxTests, responseFormat } = settings;
  const shape = { rewrites, minTests, maxTests };
  const previous = state.attempts.map((a) => ({ content: a.content ?? '', reasons: a.reasons }));
  const body: ChatCompletionRequest = {
    ...(requestOptions ?? {}),
    model: settings.model,
    messages: buildMessages(state.entry, mode, previous, shape),
  };
  if (responseFormat === 'json_schema') {
    body.response_format = {
      type: 'json_schema',
      json_schema: {
        name: mode === 'locked' ? 'execret_locked_entry' : 'execret_free_form_entry',
        strict: true,
        schema: replyJsonSchema(mode, shape),
      },
    };
  } else if (responseFormat === 'json_object') {
    body.response_format = { type: 'json_object' };
  }
  return body;
}
