/**
 * Final-form controls of the anagrafiche screens (switch, province, checkbox group) on the shared
 * form fields of src/components/form (label with the red asterisk, error under the field).
 */
import { Checkbox, Fieldset, SimpleGrid, Switch, Text } from "@chakra-ui/react";
import { Field } from "react-final-form";
import { fieldError, type Option } from "../../../components/form";

/** Moved to components/form (the CMS uses them too); kept here for the anagrafiche screens' imports. */
export { ProvinciaField, useProvinceOptions } from "../../../components/form/provincia-field";

export function SwitchField({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) {
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input }) => (
        <Switch.Root
          checked={Boolean(input.checked)}
          onCheckedChange={(d) => input.onChange(d.checked === true)}
          disabled={disabled}
          mt="2"
        >
          <Switch.HiddenInput name={input.name} onBlur={input.onBlur} />
          <Switch.Control />
          <Switch.Label>{label}</Switch.Label>
        </Switch.Root>
      )}
    </Field>
  );
}

/**
 * Several checkboxes for one array field (ids as strings). A fieldset, not a Field.Root: inside a
 * Field every input would get the field's id and a click on a label would toggle the first box.
 */
export function CheckboxGroupField(props: {
  name: string;
  label: string;
  options: readonly Option[];
  required?: boolean;
}) {
  const { name, label, options, required } = props;
  return (
    <Field<string[]> name={name}>
      {({ input, meta }) => {
        const value = input.value || [];
        const error = fieldError(meta);
        return (
          <Fieldset.Root invalid={Boolean(error)}>
            <Fieldset.Legend>
              {label}
              {required && (
                <Text as="span" color="red.500" aria-hidden="true">
                  {" *"}
                </Text>
              )}
            </Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="1" role="group" aria-label={label}>
              {options.map((o) => (
                <Checkbox.Root
                  key={o.value}
                  checked={value.includes(o.value)}
                  onCheckedChange={(d) => {
                    input.onChange(d.checked === true ? [...value, o.value] : value.filter((v) => v !== o.value));
                    input.onBlur();
                  }}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{o.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
            {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
          </Fieldset.Root>
        );
      }}
    </Field>
  );
}
