export const PACKAGE_NAME = '@execret/oracle';
