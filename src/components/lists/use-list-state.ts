/**
 * A list's state and what may be done to it.
 *
 * A list shown as a page keeps its state in the URL and nowhere else: `useListState` reads page,
 * filters, sort and grouping from the query (list-url.ts) and changes them only by navigating — a
 * change is a history entry, so Back returns to the previous state and a link shares the list. Two
 * components reading the same list (the screen and its totals) read the same URL: there is no
 * second copy to keep in step. A list embedded in another page (`syncUrl: false`) keeps its state
 * in the store instead.
 *
 * The global search reaches the URL after its debounce, or at once when the box loses focus
 * (global-search.tsx): a click on a row's link takes the focus first, so the search is in the URL
 * before the link is followed and never written over it afterwards.
 */
import { createContext, useContext, useMemo, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useAppDispatch, useAppSelector } from "../../lib/hooks";
import { initialListState, type ListDefaults, type ListState } from "./list-state";
import { type ListActions, listActions } from "./list-transitions";
import { isListParam, listStateFromUrl, listStateToUrlEntries } from "./list-url";
import { selectStoredList } from "./lists.selectors";
import { setList } from "./lists.slice";

export type { ListActions } from "./list-transitions";

export interface UseListStateOptions {
  defaults?: ListDefaults;
  /** Keep the state in the URL (default true). Lists embedded in another page turn it off. */
  syncUrl?: boolean;
  /** Prefix of the URL parameters, for a second list on the same page. */
  urlPrefix?: string;
}

/** A list's state in the URL: read from the query, changed by navigating. */
function useUrlListState(defaults: ListDefaults | undefined, prefix: string): [ListState, ListActions] {
  const location = useLocation();
  const navigate = useNavigate();
  const defaultsKey = JSON.stringify(defaults ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the defaults are compared by value
  const state = useMemo(
    () => listStateFromUrl(new URLSearchParams(location.search), defaults, prefix),
    [location.search, defaultsKey, prefix],
  );
  // Two changes in one event (a search that also turns autoload on) start from each other, not
  // from the render's state: the URL of the first has not been rendered yet when the second comes.
  const latest = useRef({ search: location.search, state });
  if (latest.current.search !== location.search) latest.current = { search: location.search, state };
  const here = useRef({ location, defaults, prefix });
  here.current = { location, defaults, prefix };
  const actions = useMemo(
    () =>
      listActions((change) => {
        const { location: loc, defaults: d, prefix: p } = here.current;
        const next = change(latest.current.state);
        const params = new URLSearchParams();
        for (const [k, v] of new URLSearchParams(loc.search)) if (!isListParam(k, p)) params.append(k, v);
        for (const [k, v] of listStateToUrlEntries(next, d, p)) params.append(k, v);
        const search = `?${params}`;
        latest.current = { search: latest.current.search, state: next };
        if (search !== loc.search) navigate({ pathname: loc.pathname, search, hash: loc.hash });
      }),
    [navigate],
  );
  return [state, actions];
}

/** A list's state in the store (a list that is not a page of its own): its defaults until it changes. */
function useStoreListState(listId: string, defaults?: ListDefaults): [ListState, ListActions] {
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => selectStoredList(s, listId));
  const defaultsKey = JSON.stringify(defaults ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the defaults are compared by value
  const state = useMemo(() => stored ?? initialListState(defaults), [stored, defaultsKey]);
  const current = useRef(state);
  current.current = state;
  const actions = useMemo(
    () =>
      listActions((change) => {
        current.current = change(current.current);
        dispatch(setList({ listId, state: current.current }));
      }),
    [dispatch, listId],
  );
  return [state, actions];
}

export function useListState(listId: string, options: UseListStateOptions = {}): [ListState, ListActions] {
  const { defaults, syncUrl = true, urlPrefix = "" } = options;
  const inUrl = useUrlListState(defaults, urlPrefix);
  const inStore = useStoreListState(listId, defaults);
  return syncUrl ? inUrl : inStore;
}

/** The list a screen shows, for the components below it (its filter bar, its table). */
export interface ListBinding {
  listId: string;
  state: ListState;
  actions: ListActions;
}

export const ListContext = createContext<ListBinding | null>(null);

/**
 * The state and actions of `listId` for a component below the screen that owns it (ListScreen,
 * LogScreen provide it); outside one, the list kept in the store.
 */
export function useList(listId: string): [ListState, ListActions] {
  const bound = useContext(ListContext);
  const inStore = useStoreListState(listId);
  return bound?.listId === listId ? [bound.state, bound.actions] : inStore;
}
