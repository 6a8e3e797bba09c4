/** Permissions as grouped checkboxes with the Italian labels of the catalogue (src/domain/permissions). */
import { Checkbox, Fieldset, Stack } from "@chakra-ui/react";
import { PERMISSION_GROUPS, PERMISSIONS } from "../../domain/permissions";

export interface PermissionCheckboxesProps {
  value: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}

export function PermissionCheckboxes({ value, onChange, disabled }: PermissionCheckboxesProps) {
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...value.filter((c) => c !== code), code] : value.filter((c) => c !== code));
  return (
    <Stack gap="4">
      {PERMISSION_GROUPS.map((group) => (
        <Fieldset.Root key={group} disabled={disabled}>
          <Fieldset.Legend fontWeight="semibold" fontSize="sm">
            {group}
          </Fieldset.Legend>
          <Stack gap="1" mt="1">
            {PERMISSIONS.filter((p) => p.group === group).map((p) => (
              <Checkbox.Root
                key={p.code}
                size="sm"
                value={p.code}
                checked={value.includes(p.code)}
                onCheckedChange={(d) => toggle(p.code, d.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{p.label}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
      ))}
    </Stack>
  );
}
