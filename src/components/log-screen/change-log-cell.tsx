/**
 * A log entry's changelog in its row: up to SHOWN_LINES lines, each on one line with an ellipsis
 * and its full text on hover; a longer changelog (or a clipped line) opens in full in a dialog.
 */
import { Box, Button, Dialog, List, Portal } from "@chakra-ui/react";
import { useState } from "react";

export const SHOWN_LINES = 4;
/** A line longer than this is likely clipped by the column: the dialog shows it whole. */
const LONG_LINE = 70;
export const LINE_PX = 20;

export function changeLogRows(lines: readonly string[]): number {
  const shown = Math.min(lines.length, SHOWN_LINES);
  return shown + (needsDialog(lines) ? 1 : 0);
}

function needsDialog(lines: readonly string[]): boolean {
  return lines.length > SHOWN_LINES || lines.some((l) => l.length > LONG_LINE);
}

export function ChangeLogCell({ lines, title }: { lines: readonly string[]; title: string }) {
  const [open, setOpen] = useState(false);
  if (!lines.length) return null;
  return (
    <Box py="1" fontSize="sm" lineHeight={`${LINE_PX}px`}>
      <List.Root as="ul" ps="4">
        {lines.slice(0, SHOWN_LINES).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and never reorder
          <List.Item key={i} title={line} whiteSpace="nowrap" overflow="hidden" textOverflow="ellipsis">
            {line}
          </List.Item>
        ))}
      </List.Root>
      {needsDialog(lines) && (
        <Button
          size="2xs"
          variant="plain"
          colorPalette="blue"
          height={`${LINE_PX}px`}
          px="0"
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
          onKeyDown={(e) => e.stopPropagation()}
        >
          {lines.length > SHOWN_LINES ? `Mostra tutto (${lines.length} righe)` : "Mostra tutto"}
        </Button>
      )}
      <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} size="lg" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <List.Root as="ul" ps="4" gap="1" fontSize="sm">
                  {lines.map((line, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and never reorder
                    <List.Item key={i} wordBreak="break-word">
                      {line}
                    </List.Item>
                  ))}
                </List.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Chiudi</Button>
                </Dialog.ActionTrigger>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}
