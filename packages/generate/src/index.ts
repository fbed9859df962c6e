export const PACKAGE_NAME = '@execret/generate';
