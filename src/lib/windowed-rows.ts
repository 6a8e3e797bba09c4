/**
 * The rows in view (and a few around them) of a long list of fixed-height rows inside a scrolling
 * box: the table keeps its own semantics (role table, rows named for what they hold) and the page
 * holds a few dozen rows whatever the count — 500 operators ranked for a shift stay one screen
 * tall. `before` and `after` are the heights of the two spacer rows standing for the others.
 *
 *   const w = useWindowedRows(rows.length, 44);
 *   <Box ref={w.ref} maxH="60vh" overflowY="auto"> … <tr style={{ height: w.before }} />
 *     {rows.slice(w.start, w.end).map(…)} <tr style={{ height: w.after }} /> … </Box>
 */
import { useLayoutEffect, useRef, useState } from "react";

/** What is drawn before the box has a size (a first paint, or a test's layout-less DOM). */
const DEFAULT_VIEW_HEIGHT = 800;

export function useWindowedRows(count: number, rowHeight: number, overscan = 10) {
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () =>
      setView((v) =>
        v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight },
      );
    update();
    el.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, []);
  const height = view.height || DEFAULT_VIEW_HEIGHT;
  const start = Math.min(count, Math.max(0, Math.floor(view.top / rowHeight) - overscan));
  const end = Math.min(count, Math.ceil((view.top + height) / rowHeight) + overscan);
  return { ref, start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}
