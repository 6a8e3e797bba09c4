/** A boolean checkbox bound to final-form (its own file: the login page's fields do not carry it). */
import { Checkbox } from "@chakra-ui/react";
import { Field } from "react-final-form";

export interface CheckboxFieldProps {
  name: string;
  label: string;
  disabled?: boolean;
}

/** A boolean checkbox bound to final-form. */
export function CheckboxField({ name, label, disabled }: CheckboxFieldProps) {
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input }) => (
        <Checkbox.Root
          checked={Boolean(input.checked)}
          onCheckedChange={(d) => input.onChange(d.checked === true)}
          disabled={disabled}
        >
          <Checkbox.HiddenInput name={input.name} onBlur={input.onBlur} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      )}
    </Field>
  );
}
