/**
 * 'Operatore su più turni' above the grid (issue 15 item 4): one operator on every shift of a period
 * that fits them (optionally confirmed), or removed from them, or their confirmations removed. The
 * call is the service's assignment machine's (OPERATOR_PERIOD): the operator's places shown in the
 * period are marked in progress, the report (what was done, which shifts were skipped and why) is
 * the machine's, and the grid reloads through it like after any other assignment.
 */
import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useServizioQuery } from "../../../api/pianificazione/servizi.endpoints";
import { DialogRowForm } from "../../../components/child-table";
import { formatDate } from "../../../domain/format";
import { type OperatorPeriodRequest, opKey } from "../../../machines/assignment.machine";
import { OperatorPicker, type PickedOperator } from "../common/operator-picker";
import { useAssignmentActor, useAssignmentState } from "./assignment-context";

type Values = { operatore?: string; dal?: string; al?: string; azione?: string; conferma?: string };

const AZIONI = [
  { value: "assegna", label: "Assegna dove possibile" },
  { value: "rimuovi", label: "Rimuovi dai turni" },
  { value: "annulla_conferma", label: "Rimuovi le conferme" },
];

export function OperatorePeriodo(props: { idContratto: string; idServizio: string; dal: string; al: string }) {
  const actor = useAssignmentActor();
  const running = useAssignmentState((s) => s.matches({ calls: "operatingPeriod" }));
  const idle = useAssignmentState((s) => s.matches({ calls: "ready" }));
  const { data: servizio } = useServizioQuery(props);
  const [initial, setInitial] = useState<Partial<Values> | undefined>();
  const [picked, setPicked] = useState<PickedOperator | null>(null);

  /** The operator's places the grid shows in the period: marked in progress while the call runs. */
  const placesOf = (id: number, dal: string, al: string) =>
    (servizio?.giorni ?? [])
      .filter((g) => g.giorno >= dal && g.giorno <= al)
      .flatMap((g) => g.turni.filter((t) => t.operatori.some((o) => o.id === id)).map((t) => opKey(t.id, id)));

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        loading={running}
        disabled={!idle}
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
                onSelect={(op) => {
                  setPicked(op);
                  onChange(op ? String(op.id) : undefined);
                }}
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
        validate={(v) =>
          v.dal && v.al && v.al < v.dal ? { al: "La data di fine precede quella di inizio" } : undefined
        }
        submit={async (v) => {
          const id = Number(v.operatore);
          const dal = v.dal ?? "";
          const al = v.al ?? "";
          actor.send({
            type: "OPERATOR_PERIOD",
            operatore: picked?.id === id ? picked : { id, cognome: "", nome: `#${id}` },
            dal,
            al,
            azione: (v.azione ?? "assegna") as OperatorPeriodRequest["azione"],
            conferma: v.conferma === "true",
            keys: placesOf(id, dal, al),
          });
          return { saved: true };
        }}
        onClose={() => setInitial(undefined)}
      />
    </>
  );
}

/** The last 'Operatore su più turni' report of the service's machine, under the grid's toolbar. */
export function OperatorePeriodoEsito() {
  const report = useAssignmentState((s) => s.context.operatorPeriod);
  if (!report) return null;
  return (
    <Box role="status" aria-label="Esito su più turni" borderWidth="1px" rounded="md" p="2" w="full">
      <Text fontWeight="semibold">
        {`${report.operatore.cognome} ${report.operatore.nome}`.trim()}
        {` — turni aggiornati ${report.eseguiti.length}, saltati ${report.saltati.length}`}
      </Text>
      <Stack gap="0" fontSize="sm" maxH="32" overflowY="auto">
        {report.saltati.map((s) => (
          <Text key={s.turno_id} color="red.600">{`${formatDate(s.giorno)} ${s.orario}: ${s.detail}`}</Text>
        ))}
      </Stack>
    </Box>
  );
}
