/**
 * 'Operatore su più turni' above the grid (issue 15 item 4): one operator on every shift of a period
 * that fits them (optionally confirmed), or removed from them, or their confirmations removed; the
 * report says what was done and which shifts were skipped and why, and the grid reloads.
 */
import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import {
  type OperatorePeriodoResult,
  useOperatorePeriodoMutation,
} from "../../../api/pianificazione/assegnazione.endpoints";
import { DialogRowForm, submitRow } from "../../../components/child-table";
import { REQUEST_ERROR_WORDING } from "../../../components/form";
import { formatDate } from "../../../domain/format";
import { MSG } from "../common/messages";
import { OperatorPicker } from "../common/operator-picker";

type Values = { operatore?: string; dal?: string; al?: string; azione?: string; conferma?: string };

const AZIONI = [
  { value: "assegna", label: "Assegna dove possibile" },
  { value: "rimuovi", label: "Rimuovi dai turni" },
  { value: "annulla_conferma", label: "Rimuovi le conferme" },
];

export function OperatorePeriodo(props: { idContratto: string; idServizio: string; dal: string; al: string }) {
  const [run] = useOperatorePeriodoMutation();
  const [initial, setInitial] = useState<Partial<Values> | undefined>();
  const [report, setReport] = useState<OperatorePeriodoResult | null>(null);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setInitial({ dal: props.dal, al: props.al, azione: "assegna", conferma: "false" })}
      >
        Operatore su più turni
      </Button>
      <DialogRowForm<Values>
        title="Operatore su più turni"
        initialValues={initial}
        fields={[
          {
            name: "operatore",
            label: "Operatore",
            required: true,
            render: ({ error, onChange }) => (
              <OperatorPicker
                label="Operatore"
                error={error}
                onSelect={(op) => onChange(op ? String(op.id) : undefined)}
              />
            ),
          },
          { name: "azione", label: "Azione", kind: "select", options: AZIONI, required: true },
          { name: "dal", label: "Dal", kind: "date", required: true },
          { name: "al", label: "Al", kind: "date", required: true },
          {
            name: "conferma",
            label: "Conferma le assegnazioni",
            kind: "select",
            options: [
              { value: "false", label: "No" },
              { value: "true", label: "Sì" },
            ],
          },
        ]}
        submit={(v) =>
          submitRow(
            async () =>
              setReport(
                await run({
                  idContratto: props.idContratto,
                  idServizio: props.idServizio,
                  operatore: Number(v.operatore),
                  dal: v.dal ?? "",
                  al: v.al ?? "",
                  azione: (v.azione ?? "assegna") as "assegna",
                  conferma: v.conferma === "true",
                }).unwrap(),
              ),
            REQUEST_ERROR_WORDING,
            MSG.savedReload,
          )
        }
        onClose={() => setInitial(undefined)}
      />
      {report && (
        <Box role="status" aria-label="Esito su più turni" borderWidth="1px" rounded="md" p="2" mt="2" w="full">
          <Text fontWeight="semibold">{`Turni aggiornati ${report.eseguiti.length}, saltati ${report.saltati.length}`}</Text>
          <Stack gap="0" fontSize="sm">
            {report.saltati.map((s) => (
              <Text key={s.turno_id} color="red.600">{`${formatDate(s.giorno)} ${s.orario}: ${s.detail}`}</Text>
            ))}
          </Stack>
        </Box>
      )}
    </>
  );
}
