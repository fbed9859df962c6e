/** One chat message as sent to an OpenAI-compatible chat endpoint. */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}
