export const PACKAGE_NAME = '@execret/embedders';
