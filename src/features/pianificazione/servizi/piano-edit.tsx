/**
 * Changing the plan after it is made (issue 15 item 1), where a planner looks for it: the service's
 * heading with 'Modifica servizio' and 'Elimina servizio', and in the grid a day's 'Aggiungi turno' /
 * 'Elimina giorno', a shift's 'Modifica' / 'Elimina', 'Aggiungi giorno' above it. Every save says
 * 'Modifiche salvate correttamente: Aggiorno i dati...' (SPEC §8) and the grid reloads (the calls
 * invalidate the service's cache); a refusal (a day or shift with operators on it) is a toast with
 * the server's reason.
 */
import { Box, Button, Heading, HStack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import {
  type Giorno,
  type Turno,
  useCopiaSettimanaMutation,
  useCreateGiornoMutation,
  useCreateTurnoMutation,
  useDeleteGiornoMutation,
  useDeleteServizioMutation,
  useDeleteTurnoMutation,
  useEstendiServizioMutation,
  useServiziQuery,
  useUpdateGiornoMutation,
  useUpdateServizioMutation,
  useUpdateTurnoMutation,
} from "../../../api/pianificazione/servizi.endpoints";
import { type ChildField, DialogRowForm, type RowValidate, submitRow } from "../../../components/child-table";
import { DeleteRowButton } from "../../../components/delete-row-button";
import { REQUEST_ERROR_WORDING } from "../../../components/form";
import { formatDate } from "../../../domain/format";
import { notify } from "../../../lib/toaster";
import { useCurrentUser } from "../../../machines/session-context";
import { MSG } from "../common/messages";
import { turnoBody, turnoFields, turnoValues, validateTurno } from "./turno-form";

export interface ServizioIds {
  idContratto: string;
  idServizio: string;
}

/** A button opening a form in a dialog; the save says that the grid reloads. */
function DialogButton<V extends object>(props: {
  label: string;
  ariaLabel?: string;
  title: string;
  fields: readonly ChildField[];
  initial: () => Partial<V>;
  validate?: RowValidate<V>;
  save: (values: V) => Promise<unknown>;
  size?: "2xs" | "sm";
}) {
  const [initial, setInitial] = useState<Partial<V> | undefined>();
  return (
    <>
      <Button
        size={props.size ?? "2xs"}
        variant={props.size === "sm" ? "outline" : "ghost"}
        aria-label={props.ariaLabel}
        onClick={() => setInitial(props.initial())}
      >
        {props.label}
      </Button>
      <DialogRowForm<V>
        title={props.title}
        initialValues={initial}
        fields={props.fields}
        validate={props.validate}
        submit={(v) => submitRow(() => props.save(v), REQUEST_ERROR_WORDING, MSG.savedReload)}
        onClose={() => setInitial(undefined)}
      />
    </>
  );
}

const deleted = (run: () => Promise<unknown>) => async () => {
  await run();
  notify.success(MSG.savedReload);
};

function usePosizioni() {
  return (useCurrentUser()?.settings.posizioni ?? []).map((p) => ({ value: String(p.id), label: p.descrizione }));
}

const SERVIZIO_FIELDS: ChildField[] = [
  { name: "dal", label: "Dal", kind: "date", required: true },
  { name: "al", label: "Al", kind: "date", required: true },
  { name: "descrizione", label: "Descrizione" },
  { name: "indirizzo", label: "Indirizzo" },
];

type ServizioValues = { dal?: string; al?: string; descrizione?: string; indirizzo?: string };

/** The service page's heading: its description, its period and address, edit and delete. */
export function ServizioHeader({ idContratto, idServizio }: ServizioIds) {
  const { data } = useServiziQuery(idContratto);
  const s = data?.find((x) => String(x.id) === idServizio);
  const [update] = useUpdateServizioMutation();
  const [remove] = useDeleteServizioMutation();
  const [copia] = useCopiaSettimanaMutation();
  const [estendi] = useEstendiServizioMutation();
  const navigate = useNavigate();
  return (
    <HStack justify="space-between" align="start" mb="3" wrap="wrap">
      <Box>
        <Heading size="lg">{s?.descrizione || `Servizio ${idServizio}`}</Heading>
        {s && (
          <Text fontSize="sm" color="fg.muted">
            {[`Dal ${formatDate(s.dal)} al ${formatDate(s.al)}`, s.indirizzo].filter(Boolean).join(" · ")}
          </Text>
        )}
      </Box>
      {s && (
        <HStack gap="2">
          <DialogButton<ServizioValues>
            size="sm"
            label="Modifica servizio"
            title="Modifica servizio"
            fields={SERVIZIO_FIELDS}
            initial={() => ({ dal: s.dal, al: s.al, descrizione: s.descrizione, indirizzo: s.indirizzo })}
            save={(v) =>
              update({
                idContratto,
                idServizio,
                data: {
                  dal: v.dal ?? "",
                  al: v.al ?? "",
                  descrizione: v.descrizione ?? "",
                  indirizzo: v.indirizzo ?? "",
                },
              }).unwrap()
            }
          />
          <DialogButton<{ settimana?: string; settimane?: string }>
            size="sm"
            label="Copia settimana"
            title="Copia una settimana sulle successive"
            fields={[
              { name: "settimana", label: "Un giorno della settimana da copiare", kind: "date", required: true },
              { name: "settimane", label: "Numero di settimane", kind: "number", min: 1, required: true },
            ]}
            initial={() => ({ settimana: s.dal, settimane: "1" })}
            save={(v) =>
              copia({ idContratto, idServizio, settimana: v.settimana ?? "", settimane: Number(v.settimane) }).unwrap()
            }
          />
          <DialogButton<{ dal?: string; al?: string }>
            size="sm"
            label="Estendi servizio"
            title="Estendi il servizio"
            fields={[
              { name: "dal", label: "Dal", kind: "date", required: true },
              { name: "al", label: "Al", kind: "date", required: true },
            ]}
            initial={() => ({})}
            save={(v) => estendi({ idContratto, idServizio, dal: v.dal ?? "", al: v.al ?? "" }).unwrap()}
          />
          <DeleteRowButton
            what={`il servizio "${s.descrizione || `Servizio ${s.id}`}"`}
            onDelete={async () => {
              await remove({ idContratto, idServizio }).unwrap();
              notify.success(MSG.saved);
              navigate(`/pianificazione/contratti/${idContratto}/servizi`);
            }}
          />
        </HStack>
      )}
    </HStack>
  );
}

/** 'Aggiungi giorno' above the grid: a day of the service's period, without shifts. */
export function AggiungiGiorno(ids: ServizioIds) {
  const [create] = useCreateGiornoMutation();
  return (
    <DialogButton<{ giorno?: string }>
      size="sm"
      label="Aggiungi giorno"
      title="Nuovo giorno"
      fields={[{ name: "giorno", label: "Giorno", kind: "date", required: true }]}
      initial={() => ({})}
      save={(v) => create({ ...ids, data: { giorno: v.giorno ?? "" } }).unwrap()}
    />
  );
}

/** A day's buttons in the grid: add a shift, move the day (without operators on it), remove it. */
export function GiornoEdit({ ids, giorno }: { ids: ServizioIds; giorno: Giorno }) {
  const posizioni = usePosizioni();
  const [create] = useCreateTurnoMutation();
  const [move] = useUpdateGiornoMutation();
  const [remove] = useDeleteGiornoMutation();
  const path = { ...ids, idGiorno: giorno.id };
  return (
    <HStack gap="0" wrap="wrap">
      <DialogButton
        label="Aggiungi turno"
        ariaLabel={`Aggiungi turno il ${formatDate(giorno.giorno)}`}
        title={`Nuovo turno del ${formatDate(giorno.giorno)}`}
        fields={turnoFields(posizioni)}
        initial={() => turnoValues()}
        validate={validateTurno}
        save={(v) => create({ ...path, data: turnoBody(v) }).unwrap()}
      />
      <DialogButton<{ giorno?: string }>
        label="Sposta"
        ariaLabel={`Sposta il giorno ${formatDate(giorno.giorno)}`}
        title={`Sposta il giorno ${formatDate(giorno.giorno)}`}
        fields={[{ name: "giorno", label: "Nuovo giorno", kind: "date", required: true }]}
        initial={() => ({ giorno: giorno.giorno })}
        save={(v) => move({ ...path, data: { giorno: v.giorno ?? "" } }).unwrap()}
      />
      <DeleteRowButton
        what={`il giorno ${formatDate(giorno.giorno)}`}
        onDelete={deleted(() => remove(path).unwrap())}
      />
    </HStack>
  );
}

/** A shift's buttons in the grid: its times, qualification and head count; remove it. */
export function TurnoEdit({
  ids,
  giorno,
  turno,
  label,
}: {
  ids: ServizioIds;
  giorno: Giorno;
  turno: Turno;
  label: string;
}) {
  const posizioni = usePosizioni();
  const [update] = useUpdateTurnoMutation();
  const [remove] = useDeleteTurnoMutation();
  const path = { ...ids, idGiorno: giorno.id, idTurno: turno.id };
  return (
    <HStack gap="0">
      <DialogButton
        label="Modifica"
        ariaLabel={`Modifica il turno ${label}`}
        title={`Turno ${label}`}
        fields={turnoFields(posizioni)}
        initial={() => turnoValues(turno)}
        validate={validateTurno}
        save={(v) => update({ ...path, data: turnoBody(v) }).unwrap()}
      />
      <DeleteRowButton what={`il turno ${label}`} onDelete={deleted(() => remove(path).unwrap())} />
    </HStack>
  );
}
