import type { DataTableColumn, GroupRow, Row } from "./data-table.types";

/**
 * The rows of a grouped answer (server `group_by`): `{value, count, sums}`; an answer shaped
 * `{<field>: value, count, <agg fields>…}` is read too.
 */
export function toGroupRows(results: readonly Row[], groupBy: string): GroupRow[] {
  return results.map((r) => {
    if ("value" in r && "count" in r) {
      return { value: r.value, count: Number(r.count), sums: (r.sums as GroupRow["sums"]) ?? {} };
    }
    const { [groupBy]: value, count, ...rest } = r;
    const sums: GroupRow["sums"] = {};
    for (const [k, v] of Object.entries(rest)) if (typeof v === "number" || v === null) sums[k] = v as number | null;
    return { value, count: Number(count), sums };
  });
}

/** The declared columns that have a sum in the groups. */
export function sumColumns<R>(
  columns: readonly DataTableColumn<R>[],
  groups: readonly GroupRow[],
): DataTableColumn<R>[] {
  const keys = new Set(groups.flatMap((g) => Object.keys(g.sums)));
  return columns.filter((c) => keys.has(c.key));
}
