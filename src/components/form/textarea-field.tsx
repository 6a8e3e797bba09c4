/** A textarea bound to final-form, on the shared FormField (error under the field). */
import { Textarea } from "@chakra-ui/react";
import { Field } from "react-final-form";
import { FormField, fieldError } from "./form-field";

export function TextareaField({
  name,
  label,
  rows = 3,
  required,
}: {
  name: string;
  label: string;
  rows?: number;
  /** The red asterisk; the form's `validate` says why. */
  required?: boolean;
}) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <FormField label={label} required={required} error={fieldError(meta)}>
          <Textarea {...input} value={input.value ?? ""} rows={rows} />
        </FormField>
      )}
    </Field>
  );
}
