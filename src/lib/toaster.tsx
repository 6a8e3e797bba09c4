/**
 * Toasts at the bottom centre, 6 s (SPEC §8, §9). Call `notify.success(...)` / `notify.error(...)`.
 * The toasts' code (toast-list.tsx) loads with the first toast, not with the login page.
 */
import { createToaster } from "@chakra-ui/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { TIMINGS } from "./timings";

export const toaster = createToaster({ placement: "bottom", duration: TIMINGS.toastMs, pauseOnPageIdle: true });

export const notify = {
  success: (title: string, description?: string) => toaster.create({ type: "success", title, description }),
  error: (title: string, description?: string) => toaster.create({ type: "error", title, description }),
  info: (title: string, description?: string) => toaster.create({ type: "info", title, description }),
  warning: (title: string, description?: string) => toaster.create({ type: "warning", title, description }),
  /** Done, with 'Annulla' for the toast's 6 s (a removal made without asking first). */
  undoable: (title: string, undo: () => void) =>
    toaster.create({ type: "info", title, action: { label: "Annulla", onClick: undo } }),
};

const ToastList = lazy(async () => ({ default: (await import("./toast-list")).ToastList }));

/** Renders nothing until a toast is created; from then on the toasts (they wait in the store meanwhile). */
export function Toaster() {
  const [shown, setShown] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (shown) return;
    if (toaster.getCount() > 0) setShown(true);
    return toaster.subscribe(() => setShown(true));
  }, [shown]);
  return shown ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
