export type { ChatBody } from './chat-body.js';
export { promptField, userMessage } from './chat-body.js';
export type { ChatCompletionOptions } from './chat-completion.js';
export { chatCompletionResponse } from './chat-completion.js';
export type {
  EmbeddingsRequestBody,
  EmbeddingsResponseOptions,
  GeminiEmbeddingsRequestBody,
} from './embeddings-responses.js';
export {
  geminiEmbeddingsResponse,
  mistralEmbeddingsResponse,
  openAIEmbeddingsResponse,
  voyageEmbeddingsResponse,
} from './embeddings-responses.js';
export type { FakeHub, HubRequest } from './fake-hub.js';
export { startFakeHub } from './fake-hub.js';
export type { FakeHubFolder } from './fake-hub-folder.js';
export { startFakeHubFolder } from './fake-hub-folder.js';
export type {
  ChatAnswer,
  ChatContext,
  ChatScript,
  FakeBatch,
  FakeOpenAI,
  FakeOpenAIOptions,
} from './fake-openai.js';
export { startFakeOpenAI } from './fake-openai.js';
export type { FakeHandler, FakeReply, FakeRequest, FakeServer } from './fake-server.js';
export { startFakeServer } from './fake-server.js';
export type { FakeRerankRequest, FakeVoyageRerank, FakeVoyageRerankOptions } from './fake-voyage-rerank.js';
export { startFakeVoyageRerank } from './fake-voyage-rerank.js';
export type { MultipartFile } from './multipart-file.js';
export { indexExportNames, readmeExportNames } from './readme-exports.js';
export { recordingSleep } from './recording-sleep.js';
export type { RerankResponseOptions } from './rerank-responses.js';
export {
  cohereRerankResponse,
  jinaRerankResponse,
  mixedbreadRerankResponse,
  teiRerankResponse,
  vllmRerankResponse,
  vllmScoreResponse,
  voyageRerankResponse,
} from './rerank-responses.js';
export { base64Vector, normalized, vectorFor } from './test-vectors.js';
export {
  encodeOnnxModel,
  ONNX_ATTR_INT,
  ONNX_FLOAT,
  ONNX_INT64,
  onnxFloatTensor,
  onnxInt64Tensor,
  onnxValueInfo,
  wordPieceTokenizerJson,
} from './tiny-models.js';
