/**
 * 'Esporta' menu: Excel, CSV, PDF of the visible columns. Items act on click (zag clicks the
 * highlighted item on Enter too, so the keyboard works the same).
 */
import { Button, Menu } from "@chakra-ui/react";
import type { ExportFileType } from "../../api/list.endpoints";

const FORMATS: { type: ExportFileType; label: string }[] = [
  { type: "xlsx", label: "Excel" },
  { type: "csv", label: "CSV" },
  { type: "pdf", label: "PDF" },
];

export interface ExportMenuProps {
  onExport: (fileType: ExportFileType) => void;
  disabled?: boolean;
}

export function ExportMenu({ onExport, disabled }: ExportMenuProps) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={disabled} aria-label="Esporta">
          Esporta
        </Button>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          {FORMATS.map((f) => (
            <Menu.Item key={f.type} value={f.type} onClick={() => onExport(f.type)}>
              {f.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
