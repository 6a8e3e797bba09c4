/**
 * The global search box: the list's `global` after 500 ms without typing (SPEC §9), or at once when
 * the box loses focus — a click elsewhere (a row's link, 'Applica', the menu) takes the focus before
 * it acts, so what was typed reaches the list first and is never applied after the user has moved on.
 */
import { Field, Input } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { TIMINGS } from "../../lib/timings";
import { useDebouncedCallback } from "./use-debounced-callback";

export interface GlobalSearchProps {
  label?: string;
  placeholder?: string;
  value: string;
  onSearch: (text: string) => void;
}

export function GlobalSearch({ label = "Ricerca", placeholder, value, onSearch }: GlobalSearchProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback((t: string) => onSearch(t.trim()), TIMINGS.searchDebounceMs);
  // A value set from outside (the URL restored after a reload, Back) replaces the box's text;
  // the user's own typing comes back here trimmed and leaves the text alone.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.currentTarget.value);
          debounced(e.currentTarget.value);
        }}
        onBlur={debounced.flush}
      />
    </Field.Root>
  );
}
