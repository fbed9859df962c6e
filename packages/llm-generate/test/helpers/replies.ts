/** Scripted model replies built from fixtures/llm-generate (see its README). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ChatBody, promptField } from '@execret/test-kit';
import type { LockedReply } from '../../src/reply-schema.js';

export const FIXTURES = fileURLToPath(new URL('../../../../fixtures/llm-generate/', import.meta.url));
export const REGISTRY_FILE = `${FIXTURES}registry.jsonl`;

/** Good locked-mode replies keyed by function name. */
export const GOOD: Record<string, LockedReply> = JSON.parse(readFileSync(`${FIXTURES}replies.json`, 'utf8')) as Record<
  string,
  LockedReply
>;

export function good(functionName: string): LockedReply {
  const reply = GOOD[functionName];
  if (!reply) throw new Error(`no fixture reply for ${functionName}`);
  return structuredClone(reply);
}

/** The function a chat request is about (its prompt's `Function name: …` line): the fake's `subject`. */
export function functionNameOf(body: ChatBody): string {
  return promptField(body, 'Function name');
}

export function json(value: unknown): { content: string } {
  return { content: JSON.stringify(value) };
}
