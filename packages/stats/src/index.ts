export const PACKAGE_NAME = '@execret/stats';
