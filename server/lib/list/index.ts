/** The generic list engine (see README.md). */
export { listJoinSql } from "./build-sql";
export { checkListJoins, JoinsError } from "./check-joins";
export { defineList } from "./define-list";
export { CONTENT_TYPES, exportFilename } from "./export/run-export";
export { type ListRouteOptions, registerListRoute } from "./list-route";
export { DEFAULT_PAGE_SIZE, LIST_ERROR_DETAIL, MAX_PAGE_SIZE, parseListQuery } from "./parse-query";
export { periodFilters, requirePeriod } from "./periodo";
export { runList, runParsedList } from "./run-list";
export type {
  CustomFilter,
  FieldDef,
  FieldSql,
  FieldType,
  FilterOp,
  List,
  ListContext,
  ListDeclaration,
  ListDef,
  ListField,
  ListJoin,
  ListQuery,
  ListResult,
  ListSql,
  OrderSpec,
} from "./types";
