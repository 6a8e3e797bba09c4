/**
 * 'Deroga' under a shift's refusal when every reason may be overridden (a working-time limit, an
 * expired course, a past day) and the user holds erp_contratti_deroghe: asks for the reason, then
 * sends the refused command again (assign, remove, confirm, unconfirm) through the service's
 * assignment machine with it (issue 15 items 2 and 3).
 */
import { Button } from "@chakra-ui/react";
import { useState } from "react";
import { DialogRowForm } from "../../../components/child-table";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { usePermissions } from "../../../machines/session-context";

export function DerogaButton({ onDeroga }: { onDeroga: (motivo: string) => void }) {
  const allowed = hasAny(usePermissions(), CAPABILITIES.contrattiDeroghe);
  const [open, setOpen] = useState<{ motivo?: string } | undefined>();
  if (!allowed) return null;
  return (
    <>
      <Button size="2xs" variant="outline" colorPalette="orange" mt="1" onClick={() => setOpen({})}>
        Deroga con motivazione
      </Button>
      <DialogRowForm<{ motivo?: string }>
        title="Deroga ai limiti"
        initialValues={open}
        fields={[{ name: "motivo", label: "Motivazione", kind: "textarea", required: true }]}
        validate={(v) => (v.motivo?.trim() ? undefined : { motivo: "Questo campo è obbligatorio" })}
        submit={async (v) => {
          onDeroga((v.motivo ?? "").trim());
          return { saved: true };
        }}
        onClose={() => setOpen(undefined)}
      />
    </>
  );
}
