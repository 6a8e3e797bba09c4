/**
 * An operator autocomplete (SPEC §9: up to 50 results; 'Inizia a digitare...', 'Nessun operatore
 * trovato'), searching GET /api/anagrafiche/operatori/?global=…&page_size=50 after 500 ms. Every
 * word typed must match ('Rossi Marco' and 'Marco Rossi' alike); each result shows the operator's
 * code and city beside the name, so two Marco Rossi can be told apart.
 */
import { Box, Button, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useOperatoriSearchQuery } from "../../../api/pianificazione/contratti-righe.endpoints";
import { FormField } from "../../../components/form";
import { TIMINGS } from "../../../lib/timings";

export interface PickedOperator {
  id: number;
  cognome: string;
  nome: string;
}

export function OperatorPicker(props: {
  label: string;
  onSelect: (op: PickedOperator | null) => void;
  /** Shown under the input (a form's submit error for the operator). */
  error?: string;
}) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<PickedOperator | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), TIMINGS.searchDebounceMs);
    return () => clearTimeout(t);
  }, [text]);
  const { data, isFetching } = useOperatoriSearchQuery(query, { skip: query.length < 2 || picked !== null });
  const results = data?.results ?? [];
  return (
    <Box position="relative" minW="64">
      <FormField label={props.label} error={props.error}>
        <Input
          placeholder="Inizia a digitare..."
          value={picked ? `${picked.cognome} ${picked.nome}` : text}
          onChange={(e) => {
            setPicked(null);
            props.onSelect(null);
            setText(e.target.value);
          }}
          aria-label={props.label}
        />
      </FormField>
      {!picked && query.length >= 2 && !isFetching && (
        <Stack
          position="absolute"
          zIndex="dropdown"
          bg="bg"
          borderWidth="1px"
          w="full"
          gap="0"
          maxH="60"
          overflowY="auto"
        >
          {results.length === 0 && (
            <Text p="2" color="fg.muted">
              Nessun operatore trovato
            </Text>
          )}
          {results.map((o) => (
            <Button
              key={o.id}
              variant="ghost"
              justifyContent="flex-start"
              onClick={() => {
                const op = { id: o.id, cognome: String(o.cognome ?? ""), nome: String(o.nome ?? "") };
                setPicked(op);
                props.onSelect(op);
              }}
            >
              <Text as="span">{`${o.cognome} ${o.nome}`}</Text>
              <Text as="span" color="fg.muted" fontSize="sm" ms="2">
                {[o.codice, o.citta].filter(Boolean).join(" · ")}
              </Text>
            </Button>
          ))}
        </Stack>
      )}
    </Box>
  );
}
