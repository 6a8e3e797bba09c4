/**
 * `useLiveLocation()`: a function that returns the router's location as it is at the moment of the
 * call. `useLocation()` is the location of the last render; react-router 7 renders a navigation in a
 * React transition, so an effect run by an urgent update (a Redux dispatch) in the same tick as a
 * followed link still sees the page before the link. Code that writes the URL from an effect must
 * start from the live one, or it undoes the link.
 *
 * The app's data router (createBrowserRouter) keeps it in `router.state`; the declarative routers
 * the screen tests use (MemoryRouter) keep it in their history, which is their navigator.
 */
import { useCallback, useContext } from "react";
import { type Location, UNSAFE_DataRouterContext, UNSAFE_NavigationContext } from "react-router-dom";

export function useLiveLocation(): () => Location {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback(() => {
    if (dataRouter) return dataRouter.router.state.location;
    const history = navigator as unknown as { location?: Location };
    if (!history.location) throw new Error("useLiveLocation: the router has no live location");
    return history.location;
  }, [dataRouter, navigator]);
}
