/**
 * The grid cell's operator picker (issue 32 item 2): the shift's own ranking (GET …/turni/{t}/
 * candidati/, the advanced assignment's), filtered as the planner types. Before any click it says
 * who the server would refuse and why (overlap, rest, licence, working-time limits…): those come
 * after the eligible ones, marked with the reason; they can still be chosen (a holder of
 * erp_contratti_deroghe may override a refusal with a reason). Operators already on the shift are
 * not offered.
 */
import { Box, Button, Input, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useCandidatiTurnoQuery } from "../../../api/pianificazione/assegnazione.endpoints";
import type { ShiftPath } from "../../../api/pianificazione/paths";
import { FormField } from "../../../components/form";
import type { Candidato } from "../../../domain/contracts/pianificazione/assegnazione";
import type { PickedOperator } from "../common/operator-picker";

/** Shown at most (the ranking's best first); typing narrows it. */
const MAX_SHOWN = 30;

/** Every word typed in the name, in any order ('Rossi Marco' and 'Marco Rossi' alike). */
function matches(c: Candidato, text: string): boolean {
  const name = `${c.cognome} ${c.nome}`.toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => name.includes(w));
}

/** The eligible ones in the ranking's order, then the refused ones with their reason. */
export function offerti(results: Candidato[], text: string): Candidato[] {
  const open = results.filter((c) => !c.assegnato && matches(c, text));
  return [...open.filter((c) => c.eligible), ...open.filter((c) => !c.eligible)].slice(0, MAX_SHOWN);
}

export function ShiftOperatorPicker({ shift, onSelect }: { shift: ShiftPath; onSelect: (op: PickedOperator) => void }) {
  const [text, setText] = useState("");
  const { data, isLoading, isError } = useCandidatiTurnoQuery(shift);
  const shown = offerti(data?.results ?? [], text.trim());
  return (
    <Box minW="64" mt="2">
      <FormField label="Operatore da assegnare">
        <Input
          placeholder="Inizia a digitare..."
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label="Operatore da assegnare"
          autoFocus
        />
      </FormField>
      <Stack gap="0" borderWidth="1px" maxH="60" overflowY="auto" mt="1">
        {isLoading && <Skeleton height="8" />}
        {isError && (
          <Text p="2" color="red.600">
            Impossibile caricare gli operatori del turno
          </Text>
        )}
        {data && shown.length === 0 && (
          <Text p="2" color="fg.muted">
            Nessun operatore trovato
          </Text>
        )}
        {shown.map((c) => {
          const motivo = c.reasons.map((r) => r.message).join("; ");
          return (
            <Button
              key={c.id}
              variant="ghost"
              justifyContent="flex-start"
              h="auto"
              py="1.5"
              whiteSpace="normal"
              textAlign="start"
              onClick={() => onSelect({ id: c.id, cognome: c.cognome, nome: c.nome })}
              data-idoneo={c.eligible}
            >
              <Stack gap="0" align="start">
                <Text as="span" color={c.eligible ? undefined : "fg.muted"}>{`${c.cognome} ${c.nome}`}</Text>
                {!c.eligible && (
                  <Text as="span" fontSize="xs" color="red.700">
                    {`Sarà rifiutato: ${motivo}`}
                  </Text>
                )}
              </Stack>
            </Button>
          );
        })}
      </Stack>
    </Box>
  );
}
