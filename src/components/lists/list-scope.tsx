/**
 * `<ListScope listId options>`: owns a list's state (useListState: the URL, or the store for an
 * embedded list) and gives it to the filter bar and table below it (useList).
 */
import { type ReactNode, useMemo } from "react";
import { ListContext, type UseListStateOptions, useListState } from "./use-list-state";

export function ListScope({
  listId,
  children,
  ...options
}: UseListStateOptions & { listId: string; children: ReactNode }) {
  const [state, actions] = useListState(listId, options);
  const list = useMemo(() => ({ listId, state, actions }), [listId, state, actions]);
  return <ListContext.Provider value={list}>{children}</ListContext.Provider>;
}
