/**
 * Multi-select of the filter bar: a button ('Seleziona' / the chosen option / 'N selezionati')
 * opening a popover with a search box and checkboxes; the chosen values are removable chips.
 * Keyboard: ↓ from the search box into the list, ↑/↓ between options, Space/Enter toggles,
 * Enter in the search box toggles the first match, Esc closes. The value is the array of the
 * chosen option values, as the native `<select multiple>` sent it.
 */
import { Box, Button, Checkbox, chakra, HStack, Input, Popover, Stack, Tag, Text, Wrap } from "@chakra-ui/react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import type { FilterOption } from "./filter-bar.types";
import { asValueList, optionLabel, searchOptions, toggleValue } from "./multi-select-values";

export interface MultiSelectFieldProps {
  label: string;
  options: FilterOption[];
  /** The form value: an array of option values ("" or a single string are read as lists too). */
  value: unknown;
  onChange: (value: string[]) => void;
}

function summaryText(selected: string[], options: FilterOption[]): string {
  if (selected.length === 0) return "Seleziona";
  if (selected.length === 1) return optionLabel(options, selected[0]);
  return `${selected.length} selezionati`;
}

export function MultiSelectField({ label, options, value, onChange }: MultiSelectFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const summaryId = `${id}-summary`;
  const triggerId = `${id}-trigger`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const selected = asValueList(value);
  const visible = searchOptions(options, query);
  const toggle = (v: string) => onChange(toggleValue(selected, v, options));

  const optionInputs = () => [...(listRef.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]") ?? [])];
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      optionInputs()[0]?.focus();
    } else if (e.key === "Enter") {
      // never submit the filter form from the search box
      e.preventDefault();
      if (visible.length > 0) toggle(visible[0].value);
    }
  };
  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const inputs = optionInputs();
    const at = inputs.indexOf(document.activeElement as HTMLInputElement);
    if (at < 0) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const next = at + (e.key === "ArrowDown" ? 1 : -1);
      if (next < 0) searchRef.current?.focus();
      else inputs[Math.min(next, inputs.length - 1)].focus();
    } else if (e.key === "Enter") {
      e.preventDefault();
      inputs[at].click();
    }
  };

  return (
    // Not a Chakra Field.Root: its context would give every checkbox the field's ids.
    <Stack gap="1.5" width="100%">
      <chakra.label id={labelId} htmlFor={triggerId} textStyle="sm" fontWeight="medium" userSelect="none">
        {label}
      </chakra.label>
      <Popover.Root
        ids={{ trigger: triggerId }}
        open={open}
        onOpenChange={(d) => {
          setOpen(d.open);
          if (!d.open) setQuery("");
        }}
        lazyMount
        unmountOnExit
        initialFocusEl={() => searchRef.current}
        positioning={{ placement: "bottom-start", sameWidth: true }}
      >
        <Popover.Trigger asChild>
          <Button
            type="button"
            variant="outline"
            width="100%"
            justifyContent="space-between"
            fontWeight="normal"
            aria-labelledby={`${labelId} ${summaryId}`}
          >
            <Text id={summaryId} truncate color={selected.length ? undefined : "fg.muted"}>
              {summaryText(selected, options)}
            </Text>
            <Text as="span" aria-hidden color="fg.muted">
              ▾
            </Text>
          </Button>
        </Popover.Trigger>
        <Popover.Positioner>
          <Popover.Content width="100%" minW="64">
            <Popover.Body p="2">
              <Stack gap="2">
                <Input
                  ref={searchRef}
                  size="sm"
                  placeholder="Cerca…"
                  aria-label={`Cerca in ${label}`}
                  value={query}
                  onChange={(e) => setQuery(e.currentTarget.value)}
                  onKeyDown={onSearchKey}
                />
                <Box ref={listRef} maxH="60" overflowY="auto" onKeyDown={onListKey}>
                  {visible.length === 0 ? (
                    <Text px="1" py="2" color="fg.muted" fontSize="sm">
                      Nessuna opzione
                    </Text>
                  ) : (
                    <Stack gap="1.5" role="group" aria-label={`Opzioni di ${label}`} px="1" py="1">
                      {visible.map((o) => (
                        <Checkbox.Root
                          key={o.value}
                          size="sm"
                          checked={selected.includes(o.value)}
                          onCheckedChange={() => toggle(o.value)}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{o.label}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Stack>
                  )}
                </Box>
                <HStack justify="space-between" borderTopWidth="1px" pt="2">
                  <Text fontSize="xs" color="fg.muted" aria-live="polite">
                    {selected.length === 1 ? "1 selezionato" : `${selected.length} selezionati`}
                  </Text>
                  <Button
                    type="button"
                    size="xs"
                    variant="ghost"
                    disabled={selected.length === 0}
                    onClick={() => onChange([])}
                  >
                    Deseleziona tutti
                  </Button>
                </HStack>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Popover.Root>
      {selected.length > 0 && (
        <Wrap gap="1" role="list" aria-label={`${label} scelte`}>
          {selected.map((v) => {
            const text = optionLabel(options, v);
            return (
              <Tag.Root key={v} size="sm" variant="subtle" role="listitem">
                <Tag.Label>{text}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger
                    aria-label={`Rimuovi ${text}`}
                    onClick={() => onChange(selected.filter((x) => x !== v))}
                  />
                </Tag.EndElement>
              </Tag.Root>
            );
          })}
        </Wrap>
      )}
    </Stack>
  );
}
