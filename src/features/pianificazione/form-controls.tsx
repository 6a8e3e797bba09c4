/** Small final-form controls of the pianificazione screens (select, textarea) on the shared FormField. */
import { NativeSelect, Textarea } from "@chakra-ui/react";
import { Field } from "react-final-form";
import { FormField, fieldError, requiredValue } from "../../components/form";

export interface Option {
  value: string;
  label: string;
}

export function SelectField(props: {
  name: string;
  label: string;
  options: Option[];
  required?: boolean;
  blank?: string;
}) {
  const { name, label, options, required, blank = "Seleziona" } = props;
  return (
    <Field<string> name={name} validate={required ? requiredValue : undefined}>
      {({ input, meta }) => (
        <FormField label={label} required={required} error={fieldError(meta)}>
          <NativeSelect.Root>
            <NativeSelect.Field {...input} value={input.value ?? ""} aria-label={label}>
              <option value="">{blank}</option>
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

export function TextareaField({ name, label }: { name: string; label: string }) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <FormField label={label} error={fieldError(meta)}>
          <Textarea {...input} value={input.value ?? ""} rows={3} />
        </FormField>
      )}
    </Field>
  );
}
