/** Autocomplete: async options after 500 ms without typing; the chosen option becomes the value. */
import { Box, Field, Input, Spinner, Text } from "@chakra-ui/react";
import { useId, useState } from "react";
import { TIMINGS } from "../../lib/timings";
import type { FilterOption } from "./filter-bar.types";
import { useDebouncedCallback } from "./use-debounced-callback";

export interface AutocompleteFieldProps {
  label: string;
  value: FilterOption | null | undefined;
  onChange: (value: FilterOption | null) => void;
  loadOptions: (text: string) => Promise<FilterOption[]>;
  emptyText: string;
}

export function AutocompleteField({ label, value, onChange, loadOptions, emptyText }: AutocompleteFieldProps) {
  const listId = useId();
  const [text, setText] = useState(value?.label ?? "");
  const [options, setOptions] = useState<FilterOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const load = useDebouncedCallback(async (t: string) => {
    setLoading(true);
    try {
      setOptions(await loadOptions(t));
    } catch {
      setOptions([]);
    } finally {
      setLoading(false);
    }
  }, TIMINGS.searchDebounceMs);
  const open = options !== null;
  const choose = (o: FilterOption) => {
    onChange(o);
    setText(o.label);
    setOptions(null);
  };
  return (
    <Field.Root position="relative">
      <Field.Label>{label}</Field.Label>
      <Input
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        placeholder="Inizia a digitare..."
        value={text}
        onChange={(e) => {
          const t = e.currentTarget.value;
          setText(t);
          if (value) onChange(null);
          if (t.trim()) load(t.trim());
          else setOptions(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape") setOptions(null);
        }}
      />
      {loading && <Spinner size="xs" position="absolute" right="2" top="9" />}
      {open && (
        <Box
          id={listId}
          role="listbox"
          aria-label={label}
          position="absolute"
          top="100%"
          left="0"
          right="0"
          zIndex="dropdown"
          bg="bg.panel"
          borderWidth="1px"
          rounded="md"
          shadow="md"
          maxH="60"
          overflowY="auto"
        >
          {options.length === 0 ? (
            <Text px="3" py="2" color="fg.muted" fontSize="sm">
              {emptyText}
            </Text>
          ) : (
            options.map((o) => (
              <Box
                key={o.value}
                role="option"
                aria-selected={value?.value === o.value}
                tabIndex={0}
                px="3"
                py="2"
                cursor="pointer"
                _hover={{ bg: "bg.muted" }}
                onClick={() => choose(o)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") {
                    e.preventDefault();
                    choose(o);
                  }
                }}
              >
                {o.label}
              </Box>
            ))
          )}
        </Box>
      )}
    </Field.Root>
  );
}
