/**
 * The buttons of one operator on one shift, the same in the grid and in advanced assignment: what
 * the operator's status allows (src/machines/assignment/operator-status.ts), each sending its event
 * to the service's assignment machine; disabled, with a spinner, while a call on the operator runs.
 * Removing a confirmed operator asks first; an unconfirmed one goes at once, with 'Annulla' in the
 * toast for its 6 s (issue 32 item 3), which assigns him again through the machine.
 */
import { Button, HStack, Spinner } from "@chakra-ui/react";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { notify } from "../../../lib/toaster";
import { ACTIONS_IN, type OperatorAction, type OperatorStatus } from "../../../machines/assignment/operator-status";
import { type AssignmentCommand, isInProgress } from "../../../machines/assignment.machine";
import { useAssignmentActor, useAssignmentState } from "./assignment-context";

const BUTTONS: Record<
  OperatorAction,
  { type: AssignmentCommand["type"]; label: string; props: { variant?: "outline" | "ghost"; colorPalette?: string } }
> = {
  assign: { type: "ASSIGN", label: "Assegna", props: { variant: "outline" } },
  confirm: { type: "CONFIRM", label: "Conferma", props: { colorPalette: "green" } },
  unconfirm: { type: "UNCONFIRM", label: "Rimuovi conferma", props: { variant: "outline" } },
  unassign: { type: "UNASSIGN", label: "Rimuovi", props: { variant: "ghost", colorPalette: "red" } },
};

export interface OperatorActionsProps {
  idGiorno: number | string;
  idTurno: number | string;
  operator: { id: number; cognome: string; nome: string };
  status: OperatorStatus;
  /** Whether the operator may be assigned (advanced assignment: eligible). */
  canAssign?: boolean;
}

export function OperatorActions({ idGiorno, idTurno, operator, status, canAssign = true }: OperatorActionsProps) {
  const actor = useAssignmentActor();
  const busy = useAssignmentState((s) => isInProgress(s.context, idTurno, operator.id));
  const name = `${operator.cognome} ${operator.nome}`.trim();
  const [asking, setAsking] = useState(false);
  const ref = {
    idGiorno,
    idTurno,
    idOperatore: operator.id,
    status,
    display: { cognome: operator.cognome, nome: operator.nome },
  };
  return (
    <HStack gap="1" wrap="wrap">
      {busy && <Spinner size="xs" aria-label={`Operazione in corso per ${name}`} />}
      {ACTIONS_IN[status].map((action) => {
        const b = BUTTONS[action];
        return (
          <Button
            key={action}
            size="2xs"
            {...b.props}
            disabled={busy || (action === "assign" && !canAssign)}
            onClick={() => {
              if (action === "unassign" && status === "confirmed") return setAsking(true);
              actor.send({ type: b.type, ...ref });
              if (action === "unassign")
                notify.undoable(`${name} rimosso dal turno`, () =>
                  actor.send({ type: "ASSIGN", ...ref, status: "notAssigned" }),
                );
            }}
            aria-label={`${b.label} ${name}`}
          >
            {b.label}
          </Button>
        );
      })}
      <ConfirmDialog
        open={asking}
        title="Rimuovi operatore confermato"
        question={`${name} è già confermato su questo turno. Vuoi davvero rimuoverlo?`}
        confirmLabel="Rimuovi"
        onConfirm={() => {
          setAsking(false);
          actor.send({ type: "UNASSIGN", ...ref });
        }}
        onClose={() => setAsking(false)}
      />
    </HStack>
  );
}
