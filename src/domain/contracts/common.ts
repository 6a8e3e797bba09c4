/**
 * The pieces every API contract shares (DESIGN §5): write bodies wrapped in `{data}`, the
 * `{result: "OK"}` of a delete, the list envelope `{results, count, page}`, path ids, the error
 * body, file downloads.
 *
 * A contract (`src/domain/contracts/<module>/<resource>.ts`) declares each call's body
 * (`XxxData`) and answer (`XxxOut`) once, as zod schemas, with `type Xxx = z.infer<typeof XxxOut>`:
 * the server's routes use the schemas (validation and `schema.response`: the serializer sends only
 * the declared fields), the SPA's RTK Query endpoints and the mocks use the types.
 * Answer schemas are plain z.object/z.array: no transforms (they run on every answer, compiled by
 * server/lib/json-writer.ts; a string check or format, a default or a transform sends the route
 * back to zod's slower serializer).
 */
import { z } from "zod";

/** `{data: …}`: the body of every write (SPEC §7). */
export const dataBody = <S extends z.ZodType>(data: S) => z.object({ data });

/** The TS type of a `{data}` body. */
export interface DataBody<T> {
  data: T;
}

/** DELETE (and a few actions) answer `{result: "OK"}`. */
export const ResultOk = z.object({ result: z.literal("OK") });
export type ResultOk = z.infer<typeof ResultOk>;

/** An answer that is only an Italian message. */
export const DetailOut = z.object({ detail: z.string() });
export type DetailOut = z.infer<typeof DetailOut>;

/** The error answer of every API call (server/lib/errors.ts). */
export const ApiErrorBody = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Non-blocking notes of a save (e.g. an address that could not be geocoded). */
export const Warnings = z.object({ warnings: z.array(z.string()) });

/** The largest id a PostgreSQL `integer` (serial) column holds: 2^31 − 1. */
export const MAX_DB_ID = 2147483647;
const ID_NON_VALIDO = "Identificativo non valido";
/**
 * An id in a path or a body: a whole number from 1 to 2^31 − 1, else 400 "Identificativo non
 * valido". One rule for every route (issue 30 item 10: 2147483648 was accepted, and a proposal
 * made with it failed later in the database).
 */
export const dbId = () =>
  z.coerce.number({ error: ID_NON_VALIDO }).int(ID_NON_VALIDO).positive(ID_NON_VALIDO).max(MAX_DB_ID, ID_NON_VALIDO);

/** `/:id/` */
export const IdParams = z.object({ id: dbId() });
/** `/:id/<child>/:subId/` */
export const SubParams = IdParams.extend({ subId: dbId() });

/** `{id, descrizione}`: a row of a lookup table (qualifications, evaluations…). */
export const Voce = z.object({ id: z.number(), descrizione: z.string() });
export type Voce = z.infer<typeof Voce>;

/**
 * A grouped list row (`group_by`): the group's value under the field's name, `count` and the
 * aggregates — fields of the list the caller may see, passed as they are (keys in their order).
 */
export const ListGroupRow = z.record(z.string(), z.unknown());

/**
 * SPEC §3 Table list response of a list-engine route (server/lib/list): the rows, or the groups
 * of a `group_by` request. A row is tried first (it has required keys a group lacks, which
 * registerListRoute checks at start-up), so a page of rows costs one object parse per row.
 */
export const ListOut = <R extends z.ZodType>(row: R) =>
  z.object({
    results: z.array(z.union([row, ListGroupRow])),
    count: z.number(),
    page: z.number(),
    /** With `totali=true`: the list's aggregate fields summed over the whole selection (the totals row). */
    totali: z.record(z.string(), z.number().nullable()).optional(),
  });

/** The rows of a sub-resource's list (server/lib/crud): `{results}`, without paging. */
export const ResultsOut = <R extends z.ZodType>(row: R) => z.object({ results: z.array(row) });

/** The list envelope of a route that always answers rows of one shape. */
export const RowsOut = <R extends z.ZodType>(row: R) =>
  z.object({ results: z.array(row), count: z.number(), page: z.number() });

/** SPEC §3 Table list response, as the SPA reads it. */
export interface ListResponse<T> {
  results: T[];
  count: number;
  page: number;
  totali?: Record<string, number | null>;
}

/**
 * The answer of a file download: bytes of the given types (`Content-Disposition: attachment`).
 * The serializer never sees them (a Buffer or a stream), OpenAPI documents them.
 */
export const FileDownload = (description: string, types: readonly string[] = ["application/octet-stream"]) => ({
  description,
  content: Object.fromEntries(
    types.map((t) => [t, { schema: z.unknown().meta({ type: "string", format: "binary" }) }]),
  ),
});
