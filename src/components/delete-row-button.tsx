/**
 * 'Elimina' for one row of a table: asks for confirmation first (SPEC §4), then runs the delete;
 * a failure is shown with the server's message ('Si è verificato un errore (…)', SPEC §8).
 */
import { Button } from "@chakra-ui/react";
import { useState } from "react";
import { errorMessage } from "../api/base";
import { notify } from "../lib/toaster";
import { ConfirmDialog } from "./confirm-dialog";

export interface DeleteRowButtonProps {
  /** What is deleted, for the question and the button's accessible name (e.g. 'il prezzo di Steward'). */
  what: string;
  /** Runs the deletion; rejects on failure (an RTK Query mutation's `.unwrap()`). */
  onDelete: () => Promise<unknown>;
}

export function DeleteRowButton({ what, onDelete }: DeleteRowButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
      setOpen(false);
    } catch (err) {
      notify.error(`Si è verificato un errore (${errorMessage(err)})`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Elimina ${what}`} onClick={() => setOpen(true)}>
        Elimina
      </Button>
      <ConfirmDialog
        open={open}
        title="Conferma eliminazione"
        question={`Sei sicuro di voler eliminare ${what}? L'operazione non potrà essere annullata.`}
        loading={busy}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
