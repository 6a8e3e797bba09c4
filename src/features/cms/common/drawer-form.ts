/**
 * A form that holds a drawer's header, body and footer: a column as tall as the drawer, so the body
 * scrolls between a header and a footer that stay in view (the footer's submit button is always
 * reachable, also on a short screen).
 */
export const DRAWER_FORM = { display: "flex", flexDirection: "column", height: "100%", minHeight: 0 } as const;
