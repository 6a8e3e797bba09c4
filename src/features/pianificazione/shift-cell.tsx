/**
 * One shift in the assignment grid: its ranges, required / assigned / confirmed, the operators
 * with confirm / unconfirm / unassign buttons and an operator picker to assign. Uncovered shifts
 * stand out (red 'Scoperto'), covered but unconfirmed ones are orange ('Da confermare').
 * Buttons send events to the assignment machine; an operator whose call runs shows a spinner.
 */
import { Badge, Box, Button, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { Giorno, Turno } from "../../api/pianificazione.endpoints";
import { OperatorName } from "../../components/quick-view";
import { formatTime } from "../../domain/format";
import { copertura } from "../../domain/turno";
import { type Notice, opKey } from "../../machines/assignment.machine";
import { OperatorPicker } from "./operator-picker";
import type { AssignmentActor } from "./use-assignment";

export function turnoRanges(t: Pick<Turno, "inizio_f1" | "fine_f1" | "inizio_f2" | "fine_f2">): string {
  const f1 = `${formatTime(t.inizio_f1)}–${formatTime(t.fine_f1)}`;
  return t.inizio_f2 && t.fine_f2 ? `${f1} / ${formatTime(t.inizio_f2)}–${formatTime(t.fine_f2)}` : f1;
}

export interface ShiftCellProps {
  base: string;
  giorno: Giorno;
  turno: Turno;
  actor: AssignmentActor;
  inProgress: string[];
  notice?: Notice;
}

export function ShiftCell({ base, giorno, turno, actor, inProgress, notice }: ShiftCellProps) {
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
          const busy = inProgress.includes(opKey(turno.id, o.id));
          const name = `${o.cognome} ${o.nome}`.trim();
          const op = { ...ref, idOperatore: o.id, confermato: o.confermato };
          return (
            <HStack key={o.id} gap="1" wrap="wrap">
              {busy && <Spinner size="xs" aria-label={`Operazione in corso per ${name}`} />}
              <Text fontSize="sm" flex="1" color={o.confermato ? "green.700" : undefined}>
                <OperatorName id={o.id}>{name}</OperatorName>
                {o.confermato ? " ✓" : ""}
              </Text>
              {o.confermato ? (
                <Button
                  size="2xs"
                  variant="outline"
                  disabled={busy}
                  onClick={() => actor.send({ type: "UNCONFIRM", ...op })}
                  aria-label={`Rimuovi conferma ${name}`}
                >
                  Rimuovi conferma
                </Button>
              ) : (
                <Button
                  size="2xs"
                  colorPalette="green"
                  disabled={busy}
                  onClick={() => actor.send({ type: "CONFIRM", ...op })}
                  aria-label={`Conferma ${name}`}
                >
                  Conferma
                </Button>
              )}
              <Button
                size="2xs"
                variant="ghost"
                colorPalette="red"
                disabled={busy}
                onClick={() => actor.send({ type: "UNASSIGN", ...op })}
                aria-label={`Rimuovi ${name}`}
              >
                Rimuovi
              </Button>
            </HStack>
          );
        })}
      </Stack>
      {notice && (
        <Text fontSize="xs" mt="1" color={notice.kind === "error" ? "red.600" : "orange.600"} role="status">
          {notice.messages.join(" · ")}
        </Text>
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
      </HStack>
      {picking && (
        <OperatorPicker
          label="Operatore da assegnare"
          onSelect={(p) => {
            if (!p) return;
            setPicking(false);
            actor.send({ type: "ASSIGN", ...ref, idOperatore: p.id, display: { cognome: p.cognome, nome: p.nome } });
          }}
        />
      )}
    </Box>
  );
}
