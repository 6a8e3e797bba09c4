/**
 * The declaration of a sub-resource: rows of one table that belong to a parent record (a client's
 * sites, an operator's documents, a contract's prices…). `registerChildCrud` turns it into
 * GET/POST `${path}/` and PUT/DELETE `${path}/:${item}/`; the services in ./service.ts do the work
 * and may be called on their own (a record that embeds its rows, an export). See README.md.
 */
import type { SQL } from "drizzle-orm";
import type { z } from "zod";
import type { ChildDeclaration } from "../../../src/domain/contracts/children";
import type { Executor } from "../../db/client";
import type { AZIONI, RelatedObject } from "../audit";
import type { AppContext } from "../context";

/** A row as the services pass it around: the API's field names. */
export type Row = Record<string, unknown>;

/** The path's ids after validation (`{idContratto: 3}`, `{id: 7}`). */
export type PathIds = Record<string, number>;

/** What reading rows needs: where to read and the time (a row may show a state that depends on today). */
export interface ReadContext {
  db: Executor;
  clock: () => Date;
}

export type Azione = (typeof AZIONI)["create" | "update" | "delete"];

export interface ChildCrud<Parent> {
  /** The list's path under the plugin's prefix, without the trailing slash: `"/:id/sedi"` (none with `declared`). */
  path?: string;
  /**
   * The child's declaration in the contracts (src/domain/contracts/children.ts), spread in with
   * `fromDeclaration`: the routes' paths come from its URL, relative to the plugin's prefix.
   */
  declared?: ChildDeclaration;
  /** The path parameters of the list (the parent's ids) and of one row (those plus `item`). */
  params: z.ZodObject;
  itemParams: z.ZodObject;
  /** The name of the row's id in `itemParams` (`"subId"`, `"idRiga"`). */
  item: string;
  tags: readonly string[];
  summaries?: Partial<Record<"list" | "create" | "update" | "remove", string>>;
  /** `config.permissions` of every route (auth-guard): who may read and write the rows. */
  permissions: readonly string[];
  /**
   * GET `${path}/` answers the rows as a bare array or as `{results}`; `false`: no list route (the
   * rows come with the parent's record, through `listChildren`).
   */
  list: "array" | "results" | false;
  /** From `src/domain/contracts`: the POST and PUT bodies (the content of `{data}`), the row, and the answer of a save when it is more than the row. */
  contract: { create: z.ZodType; update: z.ZodType; row: z.ZodType; saved?: z.ZodType };

  parent: {
    /** The parent the path names, or a 404 with the parent's own message. */
    find(ex: Executor, ids: PathIds): Promise<Parent>;
    /** The value of `parentColumn` for this parent. */
    id(parent: Parent): number;
    /** The audit entry's related objects: the parent (and its own parent where the trail wants it). */
    related(parent: Parent): RelatedObject[];
  };

  table: string;
  parentColumn: string;
  /** Body field → column: what a POST or PUT may write. */
  columns: Record<string, string>;
  /** The SELECT list (table alias `x`, joins' aliases as declared) in the API's shape; FROM is `table x` plus `joins`. */
  select: SQL;
  joins?: SQL;
  orderBy: SQL;
  /** Rows as selected → rows as answered (file references, fields computed in TypeScript). */
  present?(rows: Row[], read: ReadContext): Promise<Row[]> | Row[];
  /** The 404's detail when the row does not exist or belongs to another parent. */
  notFound: string;

  audit: {
    contentType: string;
    /** Answer field → Italian label: what the change log compares (and nothing else). */
    labels: Record<string, string>;
    note?(parent: Parent, row: Row, azione: Azione): string | null;
  };

  /**
   * The body → the values to write, before validation (e.g. merged onto the current row and
   * normalised). Default: the fields the body names (`undefined` = not sent).
   */
  values?(data: Row, before: Row | null): Row;
  /** The domain's rules on the row as it will be (`{...before, ...values}`): field → Italian message. */
  validate?(record: Row): Record<string, string>;
  /**
   * After validation, before the transaction: checks that read the database (a reference that
   * must exist: throw a 400) and slow work that must not hold a transaction (geocoding). May
   * replace the values, and add fields to the answer of the save (`extra`, e.g. warnings).
   */
  prepare?(
    ctx: AppContext,
    input: { parent: Parent; before: Row | null; values: Row; data: Row },
  ): Promise<{ values?: Row; extra?: Row } | undefined>;
  /** The values as the columns take them (e.g. an instant read from Rome's wall clock). */
  toColumns?(values: Row): Row;
  /**
   * In the write's transaction, after a create or an update that changed the row: work that
   * follows from the row (a tour plan's rounds). Not called on a delete.
   */
  afterWrite?(tx: Executor, ctx: AppContext, row: { id: number; parentId: number }): Promise<void>;
  /** A column set to the clock's time by every update that changes the row. */
  touch?: string;
  /** The row's attached file (a `files` id): removed, row and bytes, with the row. */
  file?: { column: string };
}

/** What a child's declaration says of its routes: ids, permissions, list, bodies, answers, summaries. */
export function fromDeclaration(d: ChildDeclaration) {
  return {
    declared: d,
    params: d.params,
    itemParams: d.itemParams,
    item: d.item,
    permissions: d.permissions,
    list: d.list,
    contract: { create: d.create, update: d.update, row: d.row, ...(d.saved ? { saved: d.saved } : {}) },
    summaries: d.summaries,
  };
}

/** Declares a sub-resource (a typed identity: the declaration is data). */
export function defineChildCrud<Parent>(def: ChildCrud<Parent>): ChildCrud<Parent> {
  return def;
}
