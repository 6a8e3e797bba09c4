/**
 * `useLiveLocation()`: a function that returns the router's location as it is at the moment of the
 * call. `useLocation()` is the location of the last render; react-router 7 renders a navigation in a
 * React transition, so an effect run by an urgent update (a Redux dispatch) in the same tick as a
 * followed link still sees the page before the link. Code that writes the URL from an effect must
 * start from the live one, or it undoes the link.
 *
 * The app's data router (createBrowserRouter) keeps it in `router.state`; the declarative routers
 * the screen tests use (MemoryRouter) keep it in their history, which is their navigator. Both hold
 * the whole path: it comes back without the router's basename (/app), as `useLocation()` gives it,
 * or with a null pathname when the live path is outside the app.
 */
import { useCallback, useContext } from "react";
import { type Location, UNSAFE_DataRouterContext, UNSAFE_NavigationContext } from "react-router-dom";

/** `pathname` without `basename` ("/app/x" → "/x", "/app" → "/"), or null outside it. */
function withinBasename(pathname: string, basename: string): string | null {
  if (basename === "/" || basename === "") return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) return null;
  const rest = pathname.slice(basename.length);
  if (rest === "") return "/";
  return rest.startsWith("/") ? rest : null;
}

export type LiveLocation = Omit<Location, "pathname"> & { pathname: string | null };

export function useLiveLocation(): () => LiveLocation {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const { navigator, basename } = useContext(UNSAFE_NavigationContext);
  return useCallback(() => {
    const history = navigator as unknown as { location?: Location };
    const live = dataRouter ? dataRouter.router.state.location : history.location;
    if (!live) throw new Error("useLiveLocation: the router has no live location");
    return { ...live, pathname: withinBasename(live.pathname, basename) };
  }, [dataRouter, navigator, basename]);
}
