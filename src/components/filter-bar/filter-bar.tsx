/**
 * The filter bar (SPEC §2 'Filter bar'): fields declared by the screen, 'Mostra/Nascondi filtri'
 * and 'Applica'. Submitting drops empty values, keeps booleans (clean-filters.ts), stores the
 * filters of the list, turns autoload on and goes back to page 1. The global search updates the
 * list's `global` after 500 ms, or at once when the box loses focus.
 */
import { Box, Button, GridItem, HStack, SimpleGrid } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { Form } from "react-final-form";
import { useList } from "../lists/use-list-state";
import { cleanFilters } from "./clean-filters";
import type { FilterField } from "./filter-bar.types";
import { FilterFieldView } from "./filter-field";
import { GlobalSearch } from "./global-search";

export interface FilterBarProps {
  listId: string;
  fields: FilterField[];
  /** Start with the filters hidden. */
  collapsed?: boolean;
  /** Values the form starts with (default: the list's submitted filters). */
  initialValues?: Record<string, unknown>;
}

function fieldKey(field: FilterField, i: number): string {
  return "name" in field && field.name ? field.name : `${field.type}-${i}`;
}

/**
 * Columns of 12 a field takes: a period's two dates need twice a field's room (in a quarter of the
 * row, 'GG/MM/AAAA' and a typed '24/11/2026' were cut).
 */
const defaultSpan = (field: FilterField) => (field.type === "date-range" ? 6 : 3);

export function FilterBar({ listId, fields, collapsed = false, initialValues: given }: FilterBarProps) {
  const [state, actions] = useList(listId);
  const [open, setOpen] = useState(!collapsed);
  const global = fields.find((f) => f.type === "global");
  const formFields = fields.filter((f) => f.type !== "global");
  // The form shows the submitted filters: those restored from the URL and a screen's defaults,
  // which reach the store after the first render. Re-initialising keeps what the user is typing.
  const filtersKey = JSON.stringify(state.filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the submitted filters by value
  const initialValues = useMemo(() => ({ ...given, ...state.filters }), [listId, filtersKey]);

  return (
    <Box as="section" aria-label="Filtri" borderWidth="1px" rounded="md" p="3" mb="3">
      <HStack justify="space-between" align="end" gap="3">
        <Box flex="1">
          {global && (
            <GlobalSearch
              label={global.label}
              placeholder={global.placeholder}
              value={state.global}
              onSearch={actions.setGlobal}
            />
          )}
        </Box>
        {formFields.length > 0 && (
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? "Nascondi filtri" : "Mostra filtri"}
          </Button>
        )}
      </HStack>
      {formFields.length > 0 && (
        <Form
          onSubmit={(values) => actions.submitFilters(cleanFilters(values))}
          initialValues={initialValues}
          keepDirtyOnReinitialize
        >
          {({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate hidden={!open} aria-label="Filtri della lista">
              <SimpleGrid columns={{ base: 1, md: 12 }} gap="3" mt="3">
                {formFields.map((field, i) => (
                  <GridItem key={fieldKey(field, i)} colSpan={{ base: 1, md: field.span ?? defaultSpan(field) }}>
                    <FilterFieldView field={field} />
                  </GridItem>
                ))}
              </SimpleGrid>
              <HStack justify="flex-end" mt="3">
                <Button type="submit" colorPalette="blue">
                  Applica
                </Button>
              </HStack>
            </form>
          )}
        </Form>
      )}
    </Box>
  );
}
