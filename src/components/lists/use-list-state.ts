/**
 * `useListState(listId, {defaults})`: a list's state from the Redux slice, kept in step with the
 * URL query (react-router's useSearchParams) in both directions without loops: on mount and on
 * Back/Forward the URL is read into the slice; every change of the slice is pushed to the URL.
 */
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { useAppDispatch, useAppSelector } from "../../lib/hooks";
import { useLiveLocation } from "../../lib/use-live-location";
import type { ListDefaults, ListFilters, ListSort, ListState } from "./list-state";
import { isListParam, listStateFromUrl, listStateToUrlEntries, listUrlKey } from "./list-url";
import { selectList } from "./lists.selectors";
import {
  hydrateList,
  initList,
  setAutoload,
  setGlobal,
  setGroupBy,
  setPage,
  setPageSize,
  setSort,
  submitFilters,
} from "./lists.slice";

export interface UseListStateOptions {
  defaults?: ListDefaults;
  /** Keep the state in the URL (default true). Lists embedded in another page may turn it off. */
  syncUrl?: boolean;
  /** Prefix of the URL parameters, for a second list on the same page. */
  urlPrefix?: string;
}

export interface ListActions {
  submitFilters: (filters: ListFilters) => void;
  setGlobal: (global: string) => void;
  setSort: (sort: ListSort | null) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setAutoload: (autoload: boolean) => void;
  setGroupBy: (groupBy: string | null) => void;
}

export function useListActions(listId: string): ListActions {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      submitFilters: (filters) => dispatch(submitFilters({ listId, filters })),
      setGlobal: (global) => dispatch(setGlobal({ listId, global })),
      setSort: (sort) => dispatch(setSort({ listId, sort })),
      setPage: (page) => dispatch(setPage({ listId, page })),
      setPageSize: (pageSize) => dispatch(setPageSize({ listId, pageSize })),
      setAutoload: (autoload) => dispatch(setAutoload({ listId, autoload })),
      setGroupBy: (groupBy) => dispatch(setGroupBy({ listId, groupBy })),
    }),
    [dispatch, listId],
  );
}

/** A list's state without URL sync (for a component below the screen that owns the sync). */
export function useListSelector(listId: string): ListState {
  return useAppSelector((s) => selectList(s, listId));
}

export function useListState(listId: string, options: UseListStateOptions = {}): [ListState, ListActions] {
  const { defaults, syncUrl = true, urlPrefix = "" } = options;
  const dispatch = useAppDispatch();
  const state = useListSelector(listId);
  const actions = useListActions(listId);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const liveLocation = useLiveLocation();
  const navigate = useNavigate();
  // Defaults are declared by the screen; a new object each render must not re-run the effects.
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;

  useEffect(() => {
    if (!syncUrl) dispatch(initList({ listId, defaults: defaultsRef.current }));
  }, [dispatch, listId, syncUrl]);

  const urlKey = useMemo(
    () =>
      syncUrl
        ? listUrlKey(listStateFromUrl(searchParams, defaultsRef.current, urlPrefix), defaultsRef.current, urlPrefix)
        : "",
    [searchParams, syncUrl, urlPrefix],
  );
  const stateKey = listUrlKey(state, defaultsRef.current, urlPrefix);
  /** The URL form being loaded into the slice; the slice → URL direction waits for it. */
  const pending = useRef<string | null>(null);
  const hydrated = useRef(false);

  // URL → slice: on mount and whenever the URL changes (Back, Forward, a shared link).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when the URL's list part changes
  useEffect(() => {
    if (!syncUrl) return;
    if (hydrated.current && urlKey === stateKey) return;
    hydrated.current = true;
    pending.current = urlKey;
    dispatch(hydrateList({ listId, state: listStateFromUrl(searchParams, defaultsRef.current, urlPrefix) }));
  }, [urlKey, syncUrl, listId]);

  // slice → URL: every user change becomes a history entry, so Back returns to the previous state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when the list's state changes
  useEffect(() => {
    if (!syncUrl || !hydrated.current) return;
    if (pending.current !== null) {
      if (stateKey === pending.current) pending.current = null;
      return;
    }
    if (stateKey === urlKey) return;
    // The URL as it is now, not as this render saw it: a link followed in the same tick (a row of
    // the list, a menu entry) has already moved it, and react-router renders that in a transition.
    const live = liveLocation();
    if (live.pathname !== location.pathname) return; // the user is leaving this page
    const followed = live.key !== location.key;
    const next = new URLSearchParams();
    for (const [k, v] of new URLSearchParams(live.search)) if (!isListParam(k, urlPrefix)) next.append(k, v);
    for (const [k, v] of listStateToUrlEntries(state, defaultsRef.current, urlPrefix)) next.append(k, v);
    // on top of a link just followed, the list's state joins that entry instead of adding one
    navigate({ search: `?${next}`, hash: live.hash }, { replace: followed });
  }, [stateKey, syncUrl]);

  return [state, actions];
}

/** Convenience for callers that only need to reset a list to page 1 with new filters. */
export function useSubmitFilters(listId: string): (filters: ListFilters) => void {
  const dispatch = useAppDispatch();
  return useCallback((filters: ListFilters) => dispatch(submitFilters({ listId, filters })), [dispatch, listId]);
}
