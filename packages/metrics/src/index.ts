export const PACKAGE_NAME = '@execret/metrics';
