/** The fields of a child table's form, declared by the screen and drawn here on the shared form fields. */
import type { ReactNode } from "react";
import { Field } from "react-final-form";
import { fieldError, type Option, requiredValue, SelectField, TextareaField, TextField } from "../form";

/** What a control of its own (a picker) gets: the value, how to change it, the error to show under it. */
export interface CustomFieldProps {
  value: unknown;
  onChange: (value: unknown) => void;
  error: string | undefined;
}

export interface ChildField {
  name: string;
  label: string;
  kind?: "text" | "date" | "time" | "datetime-local" | "number" | "select" | "textarea" | "email" | "tel";
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
  return <TextField name={name} label={label} type={kind} required={required} step={step} min={min} />;
}
