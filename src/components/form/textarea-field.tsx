/** A textarea bound to final-form, on the shared FormField (error under the field). */
import { Textarea } from "@chakra-ui/react";
import { Field } from "react-final-form";
import { FormField, fieldError } from "./form-field";

export function TextareaField({ name, label, rows = 3 }: { name: string; label: string; rows?: number }) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <FormField label={label} error={fieldError(meta)}>
          <Textarea {...input} value={input.value ?? ""} rows={rows} />
        </FormField>
      )}
    </Field>
  );
}
