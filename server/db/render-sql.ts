/**
 * renderSql: an `sql` fragment as PostgreSQL text and parameters — the same answer as drizzle's
 * `PgDialect.sqlToQuery`, for the chunks our raw statements are made of, at a fraction of its CPU.
 *
 * drizzle renders every chunk through a chain of `is()` class checks and merges an object per
 * chunk; a list request's statements are a few hundred chunks, and that was a tenth of the
 * server's own CPU on a small list (server/bench/NOTES.md, session 9). Here one walk appends text
 * and parameters. Anything but text, nested `sql`, arrays, `Param`s and plain values (a table or
 * column object, `sql.identifier`, a placeholder, inlined parameters…) hands the whole statement
 * to drizzle, so the answer is drizzle's in every case; test/server/db/render-sql.test.ts holds
 * the two equal over every list's statements.
 */
import { entityKind, Param, SQL, StringChunk } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

export interface RenderedSql {
  sql: string;
  params: unknown[];
}

const dialect = new PgDialect();

/** Thrown inside the walk when a chunk is not one of ours: drizzle renders the statement. */
const NOT_OURS = Symbol("not ours");

interface Out {
  text: string;
  params: unknown[];
}

function param(out: Out, value: unknown): void {
  out.params.push(value);
  out.text += `$${out.params.length}`;
}

function chunkInto(out: Out, chunk: unknown): void {
  if (chunk === undefined) return;
  if (typeof chunk !== "object" || chunk === null) {
    // A function is a pgEnum (or worse): drizzle's.
    if (typeof chunk === "function") throw NOT_OURS;
    param(out, chunk);
  } else if (chunk instanceof StringChunk) {
    const v = chunk.value;
    out.text += v.length === 1 ? v[0] : v.join("");
  } else if (chunk instanceof SQL) {
    // sql.inlineParams(): values written into the text, drizzle's way.
    if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw NOT_OURS;
    for (const c of chunk.queryChunks) chunkInto(out, c);
  } else if (Array.isArray(chunk)) {
    // drizzle's list: (a, b, c), each item a chunk of its own.
    out.text += "(";
    for (let i = 0; i < chunk.length; i++) {
      if (i > 0) out.text += ", ";
      chunkInto(out, chunk[i]);
    }
    out.text += ")";
  } else if (chunk instanceof Param) {
    if (chunk.value === null) param(out, null);
    else {
      const mapped = chunk.encoder.mapToDriverValue(chunk.value);
      if (typeof mapped === "object" && mapped !== null && entityKind in (mapped.constructor ?? {})) throw NOT_OURS;
      param(out, mapped);
    }
  } else if (
    (chunk.constructor !== undefined && entityKind in chunk.constructor) ||
    typeof (chunk as { getSQL?: unknown }).getSQL === "function"
  ) {
    // A table, column, view, sub-query, name, placeholder… (or an entity of another copy of drizzle).
    throw NOT_OURS;
  } else {
    // A Date, a Buffer, a plain object: a parameter, as drizzle sends it.
    param(out, chunk);
  }
}

export function renderSql(query: SQL): RenderedSql {
  const out: Out = { text: "", params: [] };
  try {
    chunkInto(out, query);
  } catch (e) {
    if (e !== NOT_OURS) throw e;
    const r = dialect.sqlToQuery(query);
    return { sql: r.sql, params: r.params };
  }
  return { sql: out.text, params: out.params };
}
