/** Column order and visibility, remembered per user and table in localStorage. */
import type { ColumnPrefs } from "./lists.slice";

export function columnPrefsKey(username: string, tableId: string): string {
  return `vigilanza.tabella.${username}.${tableId}`;
}

export function loadColumnPrefs(username: string, tableId: string): ColumnPrefs | null {
  try {
    const raw = localStorage.getItem(columnPrefsKey(username, tableId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ColumnPrefs>;
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
    return { order: strings(parsed.order), hidden: strings(parsed.hidden) };
  } catch {
    return null;
  }
}

export function saveColumnPrefs(username: string, tableId: string, prefs: ColumnPrefs): void {
  try {
    localStorage.setItem(columnPrefsKey(username, tableId), JSON.stringify(prefs));
  } catch {
    /* storage full or unavailable: the preference lasts for this session only */
  }
}
