/** 'Colonne' popover: show or hide columns (remembered per user and table). */
import { Button, Checkbox, Popover, Stack } from "@chakra-ui/react";

export interface ColumnChooserProps {
  columns: { key: string; name: string; hideable?: boolean }[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}

export function ColumnChooser({ columns, hidden, onChange }: ColumnChooserProps) {
  const toggle = (key: string, visible: boolean) =>
    onChange(visible ? hidden.filter((k) => k !== key) : [...hidden, key]);
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button size="sm" variant="outline" aria-label="Scegli le colonne">
          Colonne
        </Button>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content width="64">
          <Popover.Body>
            <Stack gap="2" role="group" aria-label="Colonne visibili">
              {columns
                .filter((c) => c.hideable !== false)
                .map((c) => (
                  <Checkbox.Root
                    key={c.key}
                    size="sm"
                    checked={!hidden.includes(c.key)}
                    onCheckedChange={(d) => toggle(c.key, d.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{c.name}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
            </Stack>
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
