/**
 * 'Elimina' for one row of a table: asks for confirmation first (SPEC §4), then runs the delete;
 * a failure is a toast with the server's message ('Si è verificato un errore (…)' unless the
 * screen words it otherwise, SPEC §8) and the row stays.
 */
import { Button } from "@chakra-ui/react";
import { useState } from "react";
import { errorMessage } from "../api/base";
import { notify } from "../lib/toaster";
import { ConfirmDialog } from "./confirm-dialog";
import { requestErrorText } from "./form/save-failure";

export interface DeleteTexts {
  /** What is deleted, for the question and the button's accessible name (e.g. 'il prezzo di Steward'). */
  what?: string;
  /** The dialog's title; 'Conferma eliminazione' by default. */
  title?: string;
  /** The question; by default 'Sei sicuro di voler eliminare {what}? …'. */
  question?: string;
  /** The confirming button; 'Elimina' by default. */
  confirmLabel?: string;
  /** The toast once deleted; none by default (the row leaves the table). */
  done?: string;
  /** The toast of a failure, from its message. */
  failed?: (message: string) => string;
}

export interface DeleteRowButtonProps extends DeleteTexts {
  /** Runs the deletion; rejects on failure (an RTK Query mutation's `.unwrap()`). */
  onDelete: () => Promise<unknown>;
}

export function DeleteRowButton(props: DeleteRowButtonProps) {
  const { what, title = "Conferma eliminazione", done, failed = requestErrorText, onDelete, confirmLabel } = props;
  const question = props.question ?? `Sei sicuro di voler eliminare ${what}? L'operazione non potrà essere annullata.`;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
      setOpen(false);
      if (done) notify.success(done);
    } catch (err) {
      notify.error(failed(errorMessage(err)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="xs"
        variant="ghost"
        colorPalette="red"
        aria-label={what ? `Elimina ${what}` : undefined}
        onClick={() => setOpen(true)}
      >
        Elimina
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        question={question}
        confirmLabel={confirmLabel}
        loading={busy}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
