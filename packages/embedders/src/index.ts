export * from './retrieval.js';
