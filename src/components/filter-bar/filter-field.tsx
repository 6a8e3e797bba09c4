/** One field of the filter bar, bound to react-final-form by name. */
import { Button, Field as ChakraField, HStack, IconButton, Input, Stack, Switch, Text, Wrap } from "@chakra-ui/react";
import { Field, useForm } from "react-final-form";
import { parseDateText, toApiDate } from "../../domain/format";
import { addDays } from "../../domain/shift-rules";
import { useCurrentUser } from "../../machines/session-context";
import { temporalCheck } from "../form/date-time-fields";
import { DateInput } from "../form/date-time-input";
import { FormField, fieldError } from "../form/form-field";
import { SelectField as FormSelectField } from "../form/select-field";
import { AutocompleteField } from "./autocomplete-field";
import { dateRangeShortcuts } from "./date-ranges";
import type { FilterField, FilterOption } from "./filter-bar.types";
import { accountOptions, PROVINCE_OPTIONS } from "./filter-options";
import { MultiSelectField } from "./multi-select-field";

function SelectField({
  name,
  label,
  options,
  blank = true,
  multiple = false,
}: {
  name: string;
  label: string;
  options: FilterOption[];
  blank?: boolean;
  multiple?: boolean;
}) {
  if (multiple) {
    return (
      <Field<string[]> name={name}>
        {({ input }) => (
          <MultiSelectField label={label} options={options} value={input.value} onChange={input.onChange} />
        )}
      </Field>
    );
  }
  return <FormSelectField name={name} label={label} options={options} blank={blank ? undefined : false} />;
}

function InputField({
  name,
  label,
  type,
  placeholder,
}: {
  name: string;
  label: string;
  type: string;
  placeholder?: string;
}) {
  return (
    <Field<string> name={name}>
      {({ input }) => (
        <ChakraField.Root>
          <ChakraField.Label>{label}</ChakraField.Label>
          <Input
            {...input}
            value={input.value ?? ""}
            type={type}
            placeholder={placeholder}
            inputMode={type === "number" ? "decimal" : undefined}
          />
        </ChakraField.Root>
      )}
    </Field>
  );
}

const dateCheck = temporalCheck("date");

/** A day, with the day-step buttons ‹ › when asked (SPEC §2). */
function DayField({ name, label, dayStep }: { name: string; label: string; dayStep?: boolean }) {
  const form = useForm();
  const step = (days: number, value: string | undefined) => {
    const day = value && parseDateText(value);
    form.change(name, day ? addDays(day, days) : toApiDate(new Date()));
  };
  return (
    <Field<string> name={name} validate={dateCheck}>
      {({ input, meta }) => (
        <FormField label={label} error={fieldError(meta)}>
          <HStack gap="1" width="100%">
            {dayStep && (
              <IconButton
                aria-label="Giorno precedente"
                variant="ghost"
                size="sm"
                onClick={() => step(-1, input.value)}
              >
                ‹
              </IconButton>
            )}
            <DateInput value={input.value} onChange={input.onChange} onBlur={input.onBlur} name={input.name} />
            {dayStep && (
              <IconButton aria-label="Giorno successivo" variant="ghost" size="sm" onClick={() => step(1, input.value)}>
                ›
              </IconButton>
            )}
          </HStack>
        </FormField>
      )}
    </Field>
  );
}

/** One end of a date range: its own accessible name ('Periodo dal'), its error under it. */
function RangeEnd({ name, label }: { name: string; label: string }) {
  return (
    <Field<string> name={name} validate={dateCheck}>
      {({ input, meta }) => {
        const error = fieldError(meta);
        return (
          <Stack gap="1" flex="1">
            <DateInput
              value={input.value}
              onChange={input.onChange}
              onBlur={input.onBlur}
              name={input.name}
              aria-label={label}
              aria-invalid={error ? true : undefined}
            />
            {error && (
              <Text color="fg.error" fontSize="xs">
                {error}
              </Text>
            )}
          </Stack>
        );
      }}
    </Field>
  );
}

function DateRangeField({
  label,
  fromName,
  toName,
  shortcuts = true,
}: {
  label: string;
  fromName: string;
  toName: string;
  shortcuts?: boolean;
}) {
  const form = useForm();
  return (
    <ChakraField.Root>
      <ChakraField.Label>{label}</ChakraField.Label>
      <HStack gap="1" width="100%" align="start">
        <RangeEnd name={fromName} label={`${label} dal`} />
        <RangeEnd name={toName} label={`${label} al`} />
      </HStack>
      {shortcuts && (
        <Wrap gap="1" mt="1" role="group" aria-label={`Intervalli predefiniti per ${label}`}>
          {dateRangeShortcuts().map((r) => (
            <Button
              key={r.label}
              size="2xs"
              variant="subtle"
              onClick={() =>
                form.batch(() => {
                  form.change(fromName, r.from);
                  form.change(toName, r.to);
                })
              }
            >
              {r.label}
            </Button>
          ))}
        </Wrap>
      )}
    </ChakraField.Root>
  );
}

export function FilterFieldView({ field }: { field: FilterField }) {
  const account = useCurrentUser();
  switch (field.type) {
    case "global":
      return null;
    case "text":
    case "tel":
    case "email":
    case "number":
      return <InputField name={field.name} label={field.label} type={field.type} placeholder={field.placeholder} />;
    case "address":
      return <InputField name={field.name} label={field.label} type="text" placeholder={field.placeholder} />;
    case "date":
      return <DayField name={field.name} label={field.label} dayStep={field.dayStep} />;
    case "date-range":
      return (
        <DateRangeField
          label={field.label}
          fromName={field.fromName ?? `${field.name}_dal`}
          toName={field.toName ?? `${field.name}_al`}
          shortcuts={field.shortcuts}
        />
      );
    case "select":
      return (
        <SelectField
          name={field.name}
          label={field.label}
          options={field.options}
          blank={field.blank}
          multiple={field.multiple}
        />
      );
    case "province":
      return (
        <SelectField
          name={field.name}
          label={field.label}
          options={field.options ?? PROVINCE_OPTIONS}
          multiple={field.multiple}
        />
      );
    case "qualifications":
    case "evaluations":
      return (
        <SelectField
          name={field.name}
          label={field.label}
          options={field.options ?? accountOptions(account, field.type)}
          multiple={field.multiple}
        />
      );
    case "autocomplete":
      return (
        <Field<FilterOption | null> name={field.name}>
          {({ input }) => (
            <AutocompleteField
              label={field.label}
              value={input.value || null}
              onChange={input.onChange}
              loadOptions={field.loadOptions}
              emptyText={field.emptyText}
            />
          )}
        </Field>
      );
    case "switch":
      return (
        <Field<boolean> name={field.name} type="checkbox">
          {({ input }) => (
            <Switch.Root checked={!!input.checked} onCheckedChange={(d) => input.onChange(d.checked)} mt="7">
              <Switch.HiddenInput name={input.name} />
              <Switch.Control />
              <Switch.Label>{field.label}</Switch.Label>
            </Switch.Root>
          )}
        </Field>
      );
    case "button":
      return (
        <Button variant="outline" mt="6" onClick={field.onClick}>
          {field.label}
        </Button>
      );
    case "icon-button":
      return (
        <IconButton aria-label={field.label} title={field.label} variant="outline" mt="6" onClick={field.onClick}>
          {field.icon}
        </IconButton>
      );
    case "custom":
      return field.name ? (
        <Field name={field.name}>
          {({ input }) => <>{field.render({ value: input.value, onChange: input.onChange })}</>}
        </Field>
      ) : (
        field.render({ value: undefined, onChange: () => {} })
      );
  }
}
