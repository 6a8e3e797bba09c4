/**
 * A child table's calls, declared once (issue 31, the call table's "children"): the rows of one
 * table that belong to a parent record (a client's sites and contacts…). One declaration gives
 *
 * - the server's routes: GET (when `list`) and POST `path`, PUT and DELETE `path` + `:<item>/`,
 *   through server/lib/crud (`defineChildCrud({ declared, … })`: the SQL, the audit and the hooks
 *   stay there);
 * - the SPA's two endpoints, `save` (POST without the row's id, PUT with it) and `remove`
 *   (`childEndpoints` of src/api/calls.ts), both refreshing the parent's tag when they succeed —
 *   what a ChildTable needs, instead of three endpoints written by hand;
 * - the mocks' generic CRUD at `path` (mocks/crud.ts `crudChild`) and the contract samples
 *   (`childSamples`).
 */
import type { z } from "zod";
import type { CallTag } from "./calls";

export interface ChildDeclaration {
  /** The rows' URL under /api/, parent ids as `:name`: "anagrafiche/clienti/:id/sedi/". */
  path: string;
  /** The row id's name in `itemParams`: one row is `${path}:${item}/`. */
  item: string;
  /** The path parameters of the rows (the parent's ids) and of one row (those plus `item`). */
  params: z.ZodObject;
  itemParams: z.ZodObject;
  permissions: readonly string[];
  /** GET `path` answers the rows as an array or `{results}`; `false`: the rows come with the parent's record. */
  list: "array" | "results" | false;
  /** The POST and PUT bodies (the content of `{data}`), the row, the answer of a save when it is more than the row. */
  create: z.ZodType;
  update: z.ZodType;
  row: z.ZodType;
  saved?: z.ZodType;
  summaries: { list?: string; create: string; update: string; remove: string };
  /** Refreshed after a save or a delete that succeeded (the parent's record embeds the rows). */
  parentTag: CallTag;
  /** The SPA endpoints' names (unique in the SPA): the save and the delete. */
  save: string;
  remove: string;
}

export const declareChild = <const D extends ChildDeclaration>(d: D): D => d;

/** One row's path: `anagrafiche/clienti/:id/sedi/:subId/`. */
export const childItemPath = (d: ChildDeclaration) => `${d.path}:${d.item}/`;

/** The routes a declaration stands for (method and path under /api/), for the tests that compare. */
export function childRoutes(d: ChildDeclaration): { method: "GET" | "POST" | "PUT" | "DELETE"; path: string }[] {
  return [
    ...(d.list ? [{ method: "GET" as const, path: d.path }] : []),
    { method: "POST", path: d.path },
    { method: "PUT", path: childItemPath(d) },
    { method: "DELETE", path: childItemPath(d) },
  ];
}
