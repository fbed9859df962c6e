/** The npm name of this package. */
export const PACKAGE_NAME = '@execret/dataset';
