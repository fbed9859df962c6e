// `@execret/generate/internal`: the pieces of the mutation engine that `@execret/llm-generate` reuses. Not part
// of the public API: names here may change in any release.

export { classifyResult, passesAllTests } from './classify.js';
export {
  assembleReleaseRows,
  type DistractorExtras,
  type ReleaseDistractor,
  type ReleaseGroup,
  type ReleaseRows,
} from './release-rows.js';
export { serializeReleaseRows } from './write.js';
