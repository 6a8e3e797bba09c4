/**
 * Typing as a browser delivers it: one input event per character, each appended at the end (no
 * user-event here). `clear` first empties the field as select-all + delete would.
 */
import { fireEvent } from "@testing-library/react";

export function typeText(input: HTMLElement, text: string, { clear = false } = {}): void {
  const el = input as HTMLInputElement;
  if (clear && el.value !== "") fireEvent.change(el, { target: { value: "" } });
  for (const ch of text) fireEvent.change(el, { target: { value: el.value + ch } });
}

/** A paste into an empty field: the whole text in one input event. */
export function pasteText(input: HTMLElement, text: string): void {
  const el = input as HTMLInputElement;
  if (el.value !== "") fireEvent.change(el, { target: { value: "" } });
  fireEvent.change(el, { target: { value: text } });
}

/** Backspace at the end of the field. */
export function backspace(input: HTMLElement, times = 1): void {
  const el = input as HTMLInputElement;
  for (let i = 0; i < times; i++) fireEvent.change(el, { target: { value: el.value.slice(0, -1) } });
}
