/**
 * One shift in the assignment grid: its ranges, required / assigned / confirmed, the operators
 * with confirm / unconfirm / unassign buttons and an operator picker to assign. Uncovered shifts
 * stand out (red 'Scoperto'), covered but unconfirmed ones are orange ('Da confermare').
 * Each operator's buttons are <OperatorActions> (sending events to the service's assignment
 * machine, a spinner while its call runs); the shift's last refusal or warning shows under them.
 */
import { Badge, Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { Giorno, Turno } from "../../../api/pianificazione/servizi.endpoints";
import { OperatorName } from "../../../components/quick-view";
import { formatDate, formatTime } from "../../../domain/format";
import { copertura } from "../../../domain/turno";
import { statusOnTurno } from "../../../machines/assignment/operator-status";
import { COMMAND_OF, type Notice, noticeForTurno } from "../../../machines/assignment.machine";
import { ProposteTurno } from "../auto-assegnazione/proposte-turno";
import { type ServizioIds, TurnoEdit } from "../servizi/piano-edit";
import { useAssignmentActor, useAssignmentState } from "./assignment-context";
import { DerogaButton } from "./deroga-button";
import { OperatorActions } from "./operator-actions";
import { ShiftOperatorPicker } from "./shift-operator-picker";

export function turnoRanges(t: Pick<Turno, "inizio_f1" | "fine_f1" | "inizio_f2" | "fine_f2">): string {
  const f1 = `${formatTime(t.inizio_f1)}–${formatTime(t.fine_f1)}`;
  return t.inizio_f2 && t.fine_f2 ? `${f1} / ${formatTime(t.inizio_f2)}–${formatTime(t.fine_f2)}` : f1;
}

export interface ShiftCellProps {
  base: string;
  ids: ServizioIds;
  giorno: Giorno;
  turno: Turno;
  /** The day is in the past: changes need a derogation (issue 15 item 3). */
  bloccato?: boolean;
}

/** Who is on the shift and how: when it changes after a notice, the notice is about another cell. */
const cellSignature = (turno: Turno) => turno.operatori.map((o) => `${o.id}:${statusOnTurno(o)}`).join(",");

/**
 * Sends NOTICE.STALE when the shift's people change while its refusal is shown (issue 32 item 2):
 * the cell as it was when the refusal came is remembered by the notice's seq. A warning stays: it
 * is about an operator the call did put on the shift.
 */
function useNoticeStaleness(actor: ReturnType<typeof useAssignmentActor>, notice: Notice | undefined, turno: Turno) {
  const seen = useRef<{ seq: number; signature: string } | null>(null);
  const signature = cellSignature(turno);
  useEffect(() => {
    if (notice?.kind !== "error") {
      seen.current = null;
      return;
    }
    if (seen.current?.seq !== notice.seq) seen.current = { seq: notice.seq, signature };
    else if (seen.current.signature !== signature)
      actor.send({ type: "NOTICE.STALE", key: notice.key, seq: notice.seq });
  }, [actor, notice, signature]);
}

export function ShiftCell({ base, ids, giorno, turno, bloccato = false }: ShiftCellProps) {
  const actor = useAssignmentActor();
  const notice = useAssignmentState((s) => noticeForTurno(s.context, turno.id));
  useNoticeStaleness(actor, notice, turno);
  const [picking, setPicking] = useState(false);
  const c = copertura(turno);
  const status = c.scoperto ? "scoperto" : c.daConfermare > 0 ? "da-confermare" : "coperto";
  const palette = status === "scoperto" ? "red" : status === "da-confermare" ? "orange" : "green";
  const ref = { idGiorno: giorno.id, idTurno: turno.id };
  return (
    <Box
      borderWidth="2px"
      borderColor={`${palette}.400`}
      bg={status === "scoperto" ? "red.50" : undefined}
      rounded="md"
      p="2"
      minW="56"
      data-testid={`turno-${turno.id}`}
      data-copertura={status}
      aria-label={`Turno ${turnoRanges(turno)} del ${giorno.giorno}`}
      role="group"
    >
      <HStack justify="space-between" gap="2">
        <Text fontWeight="semibold">{turnoRanges(turno)}</Text>
        <Badge colorPalette={palette}>
          {status === "scoperto" ? "Scoperto" : status === "da-confermare" ? "Da confermare" : "Coperto"}
        </Badge>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {turno.posizione?.descrizione}
      </Text>
      <Text fontSize="sm">
        {`Richiesti ${turno.operatori_richiesti} · Assegnati ${c.assegnati} · Confermati ${c.confermati}`}
      </Text>
      <Stack gap="1" mt="1">
        {turno.operatori.map((o) => {
          const status = statusOnTurno(o);
          return (
            <HStack key={o.id} gap="1" wrap="wrap">
              <Text fontSize="sm" flex="1" color={status === "confirmed" ? "green.700" : undefined}>
                <OperatorName id={o.id}>{`${o.cognome} ${o.nome}`.trim()}</OperatorName>
                {status === "confirmed" ? " ✓" : ""}
              </Text>
              <OperatorActions idGiorno={giorno.id} idTurno={turno.id} operator={o} status={status} />
            </HStack>
          );
        })}
      </Stack>
      <ProposteTurno turnoId={turno.id} />
      {notice && (
        <Text fontSize="xs" mt="1" color={notice.kind === "error" ? "red.600" : "orange.600"} role="status">
          {`${notice.operatore ? `${notice.operatore}: ` : ""}${notice.messages.join(" · ")}`}
        </Text>
      )}
      {notice?.kind === "error" && notice.derogabile && (
        <DerogaButton
          onDeroga={(deroga) =>
            actor.send({
              type: COMMAND_OF[notice.action],
              ...ref,
              idOperatore: Number(notice.key.split(":op:")[1]),
              deroga,
            })
          }
        />
      )}
      <HStack mt="2" gap="2" wrap="wrap">
        <Button
          size="2xs"
          variant="outline"
          onClick={() => setPicking((p) => !p)}
          aria-label={`Assegna operatore al turno ${turno.id}`}
        >
          {picking ? "Chiudi" : "Assegna"}
        </Button>
        <Button size="2xs" variant="ghost" asChild>
          <RouterLink to={`${base}/giorno/${giorno.id}/turno/${turno.id}/assegnazione-avanzata`}>Avanzata</RouterLink>
        </Button>
        <TurnoEdit
          ids={ids}
          giorno={giorno}
          turno={turno}
          label={`${turnoRanges(turno)} del ${formatDate(giorno.giorno)}`}
          bloccato={bloccato}
        />
      </HStack>
      {picking && (
        <ShiftOperatorPicker
          shift={{ ...ids, idGiorno: giorno.id, idTurno: turno.id }}
          onSelect={(p) => {
            setPicking(false);
            actor.send({ type: "ASSIGN", ...ref, idOperatore: p.id, display: { cognome: p.cognome, nome: p.nome } });
          }}
        />
      )}
    </Box>
  );
}
