/** What a call should do according to a chat model: return a value (literal source) or raise an exception class. */
export type Expectation = { readonly returns: string } | { readonly raises: string };
