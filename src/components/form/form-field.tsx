/**
 * Form field helpers for react-final-form + Chakra v3 (SPEC §5): the label marks required fields
 * with a red asterisk and the field's error message is shown under it (after the field is touched
 * or when the server rejected it).
 */
import { Field as ChakraField, Input, type InputProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Field, type FieldMetaState } from "react-final-form";

/** The message to show: a validation error once touched, or a server error until the field changes. */
export function fieldError(meta: FieldMetaState<unknown>): string | undefined {
  if (meta.touched && meta.error) return String(meta.error);
  if (meta.submitError && !meta.dirtySinceLastSubmit) return String(meta.submitError);
  return undefined;
}

export interface FormFieldProps {
  label: string;
  required?: boolean;
  error?: string;
  helperText?: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}

export function FormField({ label, required, error, helperText, disabled, children }: FormFieldProps) {
  return (
    <ChakraField.Root required={required} invalid={Boolean(error)} disabled={disabled}>
      <ChakraField.Label>
        {label}
        {required && <ChakraField.RequiredIndicator color="red.500" />}
      </ChakraField.Label>
      {children}
      {helperText && !error && <ChakraField.HelperText>{helperText}</ChakraField.HelperText>}
      {error && <ChakraField.ErrorText>{error}</ChakraField.ErrorText>}
    </ChakraField.Root>
  );
}

export interface TextFieldProps extends Omit<InputProps, "name" | "required"> {
  name: string;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
  validate?: (value: string | undefined, all: object) => string | undefined;
}

export const REQUIRED_MESSAGE = "Questo campo è obbligatorio";

export const requiredValue = (value: unknown): string | undefined =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "")
    ? REQUIRED_MESSAGE
    : undefined;

/** A text input bound to final-form; `required` adds the asterisk and the 'obbligatorio' check. */
export function TextField({ name, label, required, helperText, validate, type = "text", ...rest }: TextFieldProps) {
  const check =
    required || validate
      ? (value: string | undefined, all: object) =>
          (required ? requiredValue(value) : undefined) ?? validate?.(value, all)
      : undefined;
  return (
    <Field<string> name={name} validate={check}>
      {({ input, meta }) => (
        <FormField
          label={label}
          required={required}
          error={fieldError(meta)}
          helperText={helperText}
          disabled={rest.disabled}
        >
          <Input {...rest} {...input} value={input.value ?? ""} type={type} />
        </FormField>
      )}
    </Field>
  );
}
