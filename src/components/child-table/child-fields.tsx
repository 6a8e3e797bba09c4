/** The fields of a child table's form, declared by the screen and drawn here on the shared form fields. */
import type { ReactNode } from "react";
import { Field } from "react-final-form";
import {
  DateField,
  DateTimeField,
  fieldError,
  type Option,
  requiredValue,
  SelectField,
  TextareaField,
  TextField,
  TimeField,
} from "../form";

/** What a control of its own (a picker) gets: the value, how to change it, the error to show under it. */
export interface CustomFieldProps {
  value: unknown;
  onChange: (value: unknown) => void;
  error: string | undefined;
}

export interface ChildField {
  name: string;
  label: string;
  /** `date`, `time`, `datetime`: DD/MM/YYYY and 24-hour HH:mm on screen, the API's ISO text in the values. */
  kind?: "text" | "date" | "time" | "datetime" | "number" | "select" | "textarea" | "email" | "tel";
  options?: readonly Option[];
  /** The red asterisk and 'Questo campo è obbligatorio'. */
  required?: boolean;
  /** A number's step ('0.01' for money) and minimum. */
  step?: string;
  min?: number;
  /** A control of its own instead of an input (e.g. an operator picker). */
  render?: (props: CustomFieldProps) => ReactNode;
}

export function ChildFieldInput({ field }: { field: ChildField }) {
  const { name, label, kind = "text", options = [], required, step, min, render } = field;
  if (render)
    return (
      <Field name={name} validate={required ? requiredValue : undefined}>
        {({ input, meta }) => render({ value: input.value, onChange: input.onChange, error: fieldError(meta) })}
      </Field>
    );
  if (kind === "select") return <SelectField name={name} label={label} options={options} required={required} />;
  if (kind === "textarea") return <TextareaField name={name} label={label} />;
  if (kind === "date") return <DateField name={name} label={label} required={required} />;
  if (kind === "time") return <TimeField name={name} label={label} required={required} />;
  if (kind === "datetime") return <DateTimeField name={name} label={label} required={required} />;
  return <TextField name={name} label={label} type={kind} required={required} step={step} min={min} />;
}

/** A value as the form compares it: empty (undefined, null, '') is one, numbers and their text are one. */
const comparable = (v: unknown) =>
  v === undefined || v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);

/**
 * The declared fields whose value differs from the form's start — what an edit's PUT sends, so it
 * changes only what it names; a field emptied is sent as '' (the API's "clear it").
 */
export function changedFields<V extends object>(
  fields: readonly ChildField[],
  initial: Partial<V>,
  values: Partial<V>,
): Partial<V> {
  const before = initial as Record<string, unknown>;
  const now = values as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const { name } of fields)
    if (comparable(now[name]) !== comparable(before[name])) changes[name] = now[name] ?? "";
  return changes as Partial<V>;
}
