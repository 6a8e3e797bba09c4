/**
 * The date, time and date-time inputs bound to final-form, on the shared FormField (label with the
 * red asterisk, error under the field): text that is not a date or a time is the field's error
 * ('Data non valida (GG/MM/AAAA)'), kept as it was typed, and nothing is submitted.
 */
import type { ReactNode } from "react";
import { Field } from "react-final-form";
import { DateInput, DateTimeInput, type TemporalInputProps, TimeInput } from "./date-time-input";
import { KINDS, type TemporalKind } from "./date-time-kinds";
import { FormField, fieldError, requiredValue } from "./form-field";

type Check = (value: string | undefined, all: object) => string | undefined;

/** The check of a date or time field: required, then a value of its kind, then the screen's own. */
export function temporalCheck(kind: TemporalKind, required?: boolean, validate?: Check): Check {
  return (value, all) => {
    if (required) {
      const missing = requiredValue(value);
      if (missing) return missing;
    }
    if (value !== undefined && value !== null && value !== "" && KINDS[kind].parse(String(value)) === null)
      return KINDS[kind].invalid;
    return validate?.(value, all);
  };
}

export interface TemporalFieldProps
  extends Omit<TemporalInputProps, "name" | "value" | "onChange" | "required" | "validate"> {
  name: string;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
  validate?: Check;
}

const INPUTS = { date: DateInput, time: TimeInput, datetime: DateTimeInput } as const;

function TemporalField({
  kind,
  name,
  label,
  required,
  helperText,
  validate,
  ...rest
}: TemporalFieldProps & { kind: TemporalKind }) {
  const Input = INPUTS[kind];
  return (
    <Field<string> name={name} validate={temporalCheck(kind, required, validate)}>
      {({ input, meta }) => (
        <FormField
          label={label}
          required={required}
          error={fieldError(meta)}
          helperText={helperText}
          disabled={rest.disabled}
        >
          <Input
            {...rest}
            name={input.name}
            value={input.value}
            onChange={input.onChange}
            onBlur={input.onBlur}
            onFocus={input.onFocus}
          />
        </FormField>
      )}
    </Field>
  );
}

/** A day field: DD/MM/YYYY on screen, 'YYYY-MM-DD' in the form. */
export function DateField(props: TemporalFieldProps) {
  return <TemporalField kind="date" {...props} />;
}

/** A clock-time field: 24-hour HH:mm on screen and in the form. */
export function TimeField(props: TemporalFieldProps) {
  return <TemporalField kind="time" {...props} />;
}

/** A day-and-time field: DD/MM/YYYY HH:mm on screen, 'YYYY-MM-DDTHH:mm' (Rome wall clock) in the form. */
export function DateTimeField(props: TemporalFieldProps) {
  return <TemporalField kind="datetime" {...props} />;
}
