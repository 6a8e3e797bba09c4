/**
 * Issue 37: mounted in the signed-in shell; registers with the api (setReauthHandler) the dialog
 * that asks for the password (and the code, when enrolled) when the server answers 403
 * `reauth_required`. The dialog is loaded only the first time it is needed.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { setReauthHandler } from "../../api/base";

const ReauthDialog = lazy(() => import("./reauth-dialog").then((m) => ({ default: m.ReauthDialog })));

export function ReauthHost() {
  const [open, setOpen] = useState(false);
  const pending = useRef<((ok: boolean) => void)[]>([]);
  useEffect(() => {
    setReauthHandler(
      () =>
        new Promise<boolean>((resolve) => {
          pending.current.push(resolve);
          setOpen(true);
        }),
    );
    return () => setReauthHandler(null);
  }, []);
  const close = (ok: boolean) => {
    setOpen(false);
    for (const r of pending.current.splice(0)) r(ok);
  };
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog onClose={close} />
    </Suspense>
  );
}
