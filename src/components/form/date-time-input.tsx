/**
 * The one date, time and date-time input of the app: a text input that shows and accepts
 * DD/MM/YYYY and 24-hour HH:mm whatever the browser's language (a native date or time input
 * follows the browser's: 06/23/1990, 08:00 PM), while its value stays the API's ('YYYY-MM-DD',
 * 'HH:mm', 'YYYY-MM-DDTHH:mm' — the Rome wall clock of src/domain/instant.ts).
 *
 * Typing digits adds the separators, a pasted '1990-06-23' or '23/06/1990' is read, ↑/↓ move a
 * date by a day, a day's input has a calendar beside it (date-picker.tsx). Text that is not a value yet stays as it is typed and is the value itself, so
 * the form keeps it and the field's check (date-time-fields.tsx) shows 'Data non valida …'.
 */
import { HStack, Input, type InputProps } from "@chakra-ui/react";
import { type ChangeEvent, type KeyboardEvent, useState } from "react";
import { addDays } from "../../domain/shift-rules";
import { DatePicker } from "./date-picker";
import { KINDS, maskTyped, type TemporalKind, textOfValue, valueOfText } from "./date-time-kinds";

export interface TemporalInputProps extends Omit<InputProps, "value" | "onChange" | "type" | "defaultValue"> {
  /** The API's form of the value ('' or undefined when empty), or text typed that is not a value. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  /** A day's input has the calendar button beside it unless `false`. */
  calendar?: boolean;
}

/** A date-time value typed or pasted: ISO text is shown at once in Italian; what is typed stays as typed until it leaves the field. */
const isIsoText = (text: string) => /^\s*\d{4}-/.test(text);

function TemporalInput({
  kind,
  value,
  onChange,
  onBlur,
  onKeyDown,
  calendar = true,
  ...rest
}: TemporalInputProps & { kind: TemporalKind }) {
  const spec = KINDS[kind];
  const current = value === null || value === undefined ? "" : String(value);
  // The text shown and the value it was shown for: a value changed from outside (a reset, the
  // filter bar's day-step buttons and shortcuts) is shown anew; one we sent keeps what was typed.
  const [shown, setShown] = useState(() => ({ text: textOfValue(kind, current), value: current }));
  let text = shown.text;
  if (shown.value !== current) {
    text = textOfValue(kind, current);
    setShown({ text, value: current });
  }

  const emit = (next: string) => {
    const parsed = valueOfText(kind, next);
    setShown({ text: next, value: parsed });
    if (parsed !== current) onChange(parsed);
  };

  const change = (e: ChangeEvent<HTMLInputElement>) => {
    let next = e.target.value;
    const atEnd = e.target.selectionStart === null || e.target.selectionStart >= next.length;
    if (next.length === text.length + 1 && next.startsWith(text) && atEnd) next = maskTyped(kind, next) ?? next;
    else if (/^\d+$/.test(next) && spec.parse(next) === null) next = maskTyped(kind, next) ?? next; // '23061990' pasted
    const parsed = spec.parse(next);
    if (parsed !== null && isIsoText(next)) next = spec.format(parsed);
    emit(next);
  };

  const step = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (kind === "time" || (e.key !== "ArrowUp" && e.key !== "ArrowDown") || e.defaultPrevented) return;
    const parsed = spec.parse(text);
    if (parsed === null) return;
    e.preventDefault();
    const [day, time] = parsed.split("T");
    const moved = addDays(day, e.key === "ArrowUp" ? 1 : -1);
    emit(spec.format(time ? `${moved}T${time}` : moved));
  };

  const input = (
    <Input
      autoComplete="off"
      inputMode="numeric"
      placeholder={spec.placeholder}
      {...rest}
      type="text"
      value={text}
      onChange={change}
      onKeyDown={step}
      onBlur={(e) => {
        // Leaving the field shows a value in its one form ('3/6/1990' → '03/06/1990').
        const parsed = spec.parse(text);
        if (parsed !== null) setShown({ text: spec.format(parsed), value: shown.value });
        onBlur?.(e);
      }}
    />
  );
  if (kind !== "date" || !calendar) return input;
  return (
    <HStack gap="1" width="100%">
      {input}
      <DatePicker value={spec.parse(text)} onPick={(day) => emit(spec.format(day))} disabled={rest.disabled} />
    </HStack>
  );
}

/** A day: shows and accepts DD/MM/YYYY, holds 'YYYY-MM-DD'. */
export function DateInput(props: TemporalInputProps) {
  return <TemporalInput kind="date" {...props} />;
}

/** A clock time: shows and accepts 24-hour HH:mm, holds 'HH:mm'. */
export function TimeInput(props: TemporalInputProps) {
  return <TemporalInput kind="time" {...props} />;
}

/** A day and time: shows and accepts DD/MM/YYYY HH:mm, holds 'YYYY-MM-DDTHH:mm' (Rome wall clock). */
export function DateTimeInput(props: TemporalInputProps) {
  return <TemporalInput kind="datetime" {...props} />;
}
