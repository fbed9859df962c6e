// `@execret/dataset/internal`: helpers other execret packages share with this one. Not part of the public API:
// names here may change in any release.

export { canonicalLayout, serializeJsonl } from './write.js';
