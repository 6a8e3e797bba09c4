/**
 * A grid cell's proposed operators while a proposal is shown: marked (dashed, violet), each with
 * why that operator was chosen and whether it is chosen for acceptance; 'Accetta turno' chooses
 * the shift's proposals together.
 */
import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { cellKey } from "../../../machines/auto-assegnazione.machine";
import { useAutoAssegnazioneSend, useProposteTurno } from "./auto-assegnazione-context";

export function ProposteTurno({ turnoId }: { turnoId: number }) {
  const proposte = useProposteTurno(turnoId);
  const send = useAutoAssegnazioneSend();
  if (!proposte.length) return null;
  const keys = proposte.map((p) => cellKey(p.cella));
  const all = proposte.every((p) => p.scelta);
  return (
    <Box
      mt="1"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="purple.400"
      bg="purple.50"
      rounded="md"
      p="1"
      data-testid={`proposta-${turnoId}`}
    >
      <Stack gap="1">
        {proposte.map(({ cella, scelta }) => {
          const name = `${cella.operatore.cognome} ${cella.operatore.nome}`;
          return (
            <Box key={cellKey(cella)}>
              <label style={{ display: "flex", gap: "4px", alignItems: "center" }}>
                <input
                  type="checkbox"
                  checked={scelta}
                  aria-label={`Proposto ${name}`}
                  onChange={() => send({ type: "TOGGLE", key: cellKey(cella) })}
                />
                <Text fontSize="sm" color="purple.800">{`Proposto: ${name}`}</Text>
              </label>
              <Text fontSize="xs" color="purple.700">
                {cella.motivo}
              </Text>
            </Box>
          );
        })}
        <Button size="2xs" variant="outline" onClick={() => send({ type: "SET", keys, selected: !all })}>
          {all ? "Escludi turno" : "Accetta turno"}
        </Button>
      </Stack>
    </Box>
  );
}
