import type { z } from 'zod';

/**
 * The zod shape of a record type `T`, field by field. Written as `z.looseObject({ … } satisfies ShapeOf<T>)`, the
 * compiler rejects a schema that misses a field of `T`, adds one `T` lacks, or parses a field to a type `T` does not
 * allow: a record declared once (in `@execret/formats`, or beside its schema) and its schema cannot drift apart.
 */
export type ShapeOf<T> = { [K in keyof Required<T>]: z.ZodType<T[K]> };
