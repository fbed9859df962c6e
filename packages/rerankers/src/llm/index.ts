export type { ChatAnswer, ChatJudge, ChatRequest } from './chat-judge.js';
export { createJudgeReranker, createLlmReranker, type LlmRerankerOptions } from './chat-reranker.js';
export { listwiseOrder } from './listwise.js';
export { createOpenAIJudge, DEFAULT_CHAT_BASE_URL, type OpenAIJudgeOptions } from './openai-judge.js';
export { pairwisePoints } from './pairwise.js';
export { parsePermutation } from './parse-permutation.js';
export { pointwiseScores } from './pointwise.js';
export { type ChatMessage, listwisePrompt, pairwisePrompt, pointwisePrompt } from './prompts.js';
export { type TokenLogprob, yesProbability } from './yes-probability.js';
