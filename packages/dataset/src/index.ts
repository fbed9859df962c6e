export const PACKAGE_NAME = '@execret/dataset';
