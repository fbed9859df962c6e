export const PACKAGE_NAME = '@execret/llm-generate';
