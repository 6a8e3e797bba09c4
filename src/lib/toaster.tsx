/** Toasts at the bottom centre, 6 s (SPEC §8, §9). Call `notify.success(...)` / `notify.error(...)`. */
import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import { TIMINGS } from "./timings";

export const toaster = createToaster({ placement: "bottom", duration: TIMINGS.toastMs, pauseOnPageIdle: true });

export const notify = {
  success: (title: string, description?: string) => toaster.create({ type: "success", title, description }),
  error: (title: string, description?: string) => toaster.create({ type: "error", title, description }),
  info: (title: string, description?: string) => toaster.create({ type: "info", title, description }),
  warning: (title: string, description?: string) => toaster.create({ type: "warning", title, description }),
};

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} role={toast.type === "error" ? "alert" : "status"}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
