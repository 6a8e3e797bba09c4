/**
 * Code that only an interaction needs — a menu, a popup, tooltips — loaded when the user shows the
 * intent to use it (the pointer over it, the focus on it, a touch, a click) rather than with the
 * screen: the shell's first screen then carries no overlay machinery (test/e2e/web-bytes.test.ts).
 *
 * The caller renders plain controls until `loaded` is there, then the loaded module's component;
 * `intentProps` go on an element around both. A control that had the focus when the swap happened
 * gets it back (the same position among the wrapper's controls). A module loaded once is rendered
 * at once by every later mount.
 */
import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from "react";

const modules = new Map<() => Promise<unknown>, unknown>();

const FOCUSABLE = "button, a[href], input, [tabindex]";

export interface OnIntent<M> {
  /** The module, once loaded. */
  loaded: M | undefined;
  /** Starts loading (a click on a plain control calls it too). */
  start: () => void;
  intentProps: {
    ref: RefObject<HTMLDivElement | null>;
    onPointerOver: () => void;
    onFocus: (e: FocusEvent) => void;
    onTouchStart: () => void;
  };
  /**
   * A popup's trigger as a plain control until the popup's code is there: it says what it opens
   * and whether it is open, and a click (a menu's arrow keys too) starts loading and calls `onOpen`.
   */
  plainTrigger: (trigger: ReactElement, popup: "dialog" | "menu", open: boolean, onOpen: () => void) => ReactElement;
}

/** `load` must be a stable function (declared at module level): it is the module's key. */
export function useOnIntent<M>(load: () => Promise<M>): OnIntent<M> {
  const [loaded, setLoaded] = useState<M | undefined>(() => modules.get(load) as M | undefined);
  const wrapper = useRef<HTMLDivElement | null>(null);
  const refocus = useRef(-1);
  const loading = useRef(false);
  /** The plain trigger's `onOpen` while the pointer is down on it (see plainTrigger). */
  const pressed = useRef<(() => void) | null>(null);

  const start = useCallback(() => {
    if (loading.current || modules.has(load)) return;
    loading.current = true;
    load().then(
      (m) => {
        modules.set(load, m);
        const open = pressed.current;
        pressed.current = null;
        open?.();
        const controls = [...(wrapper.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
        refocus.current = document.activeElement ? controls.indexOf(document.activeElement as HTMLElement) : -1;
        setLoaded(() => m);
      },
      () => {
        loading.current = false; // offline for a moment: the next intent tries again
      },
    );
  }, [load]);

  useLayoutEffect(() => {
    if (loaded === undefined || refocus.current < 0) return;
    const controls = wrapper.current?.querySelectorAll<HTMLElement>(FOCUSABLE);
    const control = controls?.[refocus.current];
    refocus.current = -1;
    if (control && !wrapper.current?.contains(document.activeElement)) control.focus();
  }, [loaded]);

  const plainTrigger = (trigger: ReactElement, popup: "dialog" | "menu", open: boolean, onOpen: () => void) => {
    const ask = () => {
      start();
      onOpen();
    };
    const release = () => {
      pressed.current = null;
    };
    return cloneElement(trigger as ReactElement<Record<string, unknown>>, {
      "aria-haspopup": popup,
      "aria-expanded": open,
      // A press the code's arrival interrupts: the plain control is swapped for the loaded one
      // between the pointer going down and up, and the browser then sends a click to neither.
      // The arrival opens the popup for that press (test/src/components/on-intent).
      onPointerDown: (e: PointerEvent) => {
        if (e.button) return; // not the primary button
        pressed.current = onOpen;
        start();
      },
      onPointerUp: release,
      onPointerLeave: release,
      onClick: () => {
        release();
        ask();
      },
      onKeyDown: (e: KeyboardEvent) => {
        if (popup === "menu" && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
          e.preventDefault();
          ask();
        }
      },
    });
  };

  return {
    loaded,
    start,
    intentProps: { ref: wrapper, onPointerOver: start, onFocus: start, onTouchStart: start },
    plainTrigger,
  };
}
