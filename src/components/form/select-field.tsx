/** A native select bound to final-form, on the shared FormField (red asterisk, error under the field). */
import { NativeSelect } from "@chakra-ui/react";
import { Field } from "react-final-form";
import { FormField, fieldError, requiredValue } from "./form-field";

export interface Option {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly Option[];
  required?: boolean;
  /** The empty choice's text ('Seleziona'), or `false` for none. */
  blank?: string | false;
  disabled?: boolean;
}

export function SelectField({ name, label, options, required, blank = "Seleziona", disabled }: SelectFieldProps) {
  return (
    <Field<string> name={name} validate={required ? requiredValue : undefined}>
      {({ input, meta }) => (
        <FormField label={label} required={required} error={fieldError(meta)} disabled={disabled}>
          <NativeSelect.Root disabled={disabled}>
            <NativeSelect.Field {...input} value={input.value ?? ""} aria-label={label}>
              {blank !== false && <option value="">{blank}</option>}
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      )}
    </Field>
  );
}
