/** Paging arithmetic of the data table (SPEC §2, §5). */

/** The last page (at least 1, so an empty list still has page 1). */
export function lastPage(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
}

/** A typed page number clamped to 1..last page (SPEC §5); non-numbers give page 1. */
export function clampPage(value: number | string, count: number, pageSize: number): number {
  const n = typeof value === "number" ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return 1;
  return Math.min(lastPage(count, pageSize), Math.max(1, Math.trunc(n)));
}

/** 'from–to di count', e.g. '26–50 di 134'; '0–0 di 0' when empty. */
export function rangeText(page: number, pageSize: number, count: number): string {
  if (count <= 0) return "0–0 di 0";
  const from = Math.min(count, (page - 1) * pageSize + 1);
  const to = Math.min(count, page * pageSize);
  return `${from}–${to} di ${count}`;
}
