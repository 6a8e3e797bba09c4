/** A confirmation before a destructive action (SPEC §4: deleting requires confirmation). */
import { Button, Dialog, Portal } from "@chakra-ui/react";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  question: string;
  confirmLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, question, confirmLabel = "Elimina", loading, onConfirm, onClose } = props;
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{question}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Annulla
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={loading}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
