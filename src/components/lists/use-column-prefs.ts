/**
 * Column order and visibility of one table for the signed-in user (the session's account, see
 * src/machines/session-context.tsx): loaded from localStorage when
 * the table (or the user) changes, saved on every change.
 */
import { useCallback, useEffect, useMemo } from "react";
import { useAppDispatch, useAppSelector } from "../../lib/hooks";
import { useUsername } from "../../machines/session-context";
import { loadColumnPrefs, saveColumnPrefs } from "./column-prefs-storage";
import { selectStoredColumnPrefs } from "./lists.selectors";
import { type ColumnPrefs, setColumnPrefs } from "./lists.slice";

/** Moves `source` to the place of `target` in the full list of keys (declared order + saved order). */
export function reorderKeys(keys: readonly string[], source: string, target: string): string[] {
  const next = keys.filter((k) => k !== source);
  const at = next.indexOf(target);
  if (at < 0 || !keys.includes(source)) return [...keys];
  const sourceIdx = keys.indexOf(source);
  const targetIdx = keys.indexOf(target);
  next.splice(sourceIdx < targetIdx ? at + 1 : at, 0, source);
  return next;
}

/** Keys in display order: the saved order first (for keys that still exist), the rest as declared. */
export function orderedKeys(declared: readonly string[], saved: readonly string[]): string[] {
  const known = saved.filter((k) => declared.includes(k));
  return [...known, ...declared.filter((k) => !known.includes(k))];
}

/**
 * `defaultHidden`: the columns hidden until the user chooses (the declared `hiddenByDefault` ones);
 * once the user changes the columns, the saved choice is the whole truth.
 */
export function useColumnPrefs(
  tableId: string,
  defaultHidden: readonly string[] = [],
): [ColumnPrefs, (prefs: ColumnPrefs) => void] {
  const dispatch = useAppDispatch();
  const username = useUsername();
  const stored = useAppSelector((s) => selectStoredColumnPrefs(s, tableId));
  const defaultKey = defaultHidden.join("\u0000");
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaultKey stands for defaultHidden's content
  const defaults = useMemo<ColumnPrefs>(() => ({ order: [], hidden: [...defaultHidden] }), [defaultKey]);
  const prefs = stored ?? defaults;

  useEffect(() => {
    const saved = loadColumnPrefs(username, tableId);
    dispatch(setColumnPrefs({ tableId, prefs: saved ?? defaults }));
  }, [dispatch, username, tableId, defaults]);

  const update = useCallback(
    (next: ColumnPrefs) => {
      dispatch(setColumnPrefs({ tableId, prefs: next }));
      saveColumnPrefs(username, tableId, next);
    },
    [dispatch, username, tableId],
  );
  return [prefs, update];
}
