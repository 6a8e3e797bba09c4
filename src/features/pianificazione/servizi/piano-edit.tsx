/**
 * Changing the plan after it is made (issue 15 item 1), where a planner looks for it: the service's
 * heading with 'Modifica servizio' and 'Elimina servizio', and in the grid a day's 'Aggiungi turno' /
 * 'Elimina giorno', a shift's 'Modifica' / 'Elimina', 'Aggiungi giorno' above it. Every save says
 * 'Modifiche salvate correttamente: Aggiorno i dati...' (SPEC §8) and the grid reloads (the calls
 * invalidate the service's cache); a refusal (a day or shift with operators on it) is a toast with
 * the server's reason. A locked day (before the service's `bloccato_fino_al`, issue 15 item 3) shows
 * 'Bloccato' to a planner; to a holder of erp_contratti_deroghe its dialogs also ask the reason of
 * the derogation (sent as `deroga`), and removing asks it instead of a plain confirmation.
 */
import { Badge, Box, Button, Heading, HStack, Text } from "@chakra-ui/react";
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
import type { OperatoreTurno } from "../../../domain/contracts/pianificazione/servizi";
import { formatDate } from "../../../domain/format";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { notify } from "../../../lib/toaster";
import { useCurrentUser, usePermissions } from "../../../machines/session-context";
import { usePlanEdit } from "../assegnazione/assignment-context";
import { MSG } from "../common/messages";
import { turnoBody, turnoFields, turnoValues, validateTurno } from "./turno-form";

export interface ServizioIds {
  idContratto: string;
  idServizio: string;
}

const DEROGA_FIELD: ChildField = {
  name: "deroga",
  label: "Motivazione della deroga (giorno passato)",
  kind: "textarea",
  required: true,
};

/**
 * A whole service's copy, extension or removal touches locked days only for some inputs (issue 30
 * item 9): to a holder of erp_contratti_deroghe its dialog offers the reason, optional — the server
 * asks for it (409 giorno_passato) only when a locked day would be created or deleted.
 */
const DEROGA_FACOLTATIVA: ChildField = {
  name: "deroga",
  label: "Motivazione della deroga (solo se tocca giorni passati)",
  kind: "textarea",
};

/** Whether a day is locked for this user (read only) or needs the reason of a derogation. */
function useLock(bloccato: boolean) {
  const allowed = hasAny(usePermissions(), CAPABILITIES.contrattiDeroghe);
  return { readOnly: bloccato && !allowed, deroga: bloccato && allowed };
}

const LockedBadge = () => (
  <Badge colorPalette="gray" title="Giorno passato: si modifica solo con una deroga (erp_contratti_deroghe)">
    Bloccato
  </Badge>
);

type WithDeroga = { deroga?: string };

/** A button opening a form in a dialog; the save says that the grid reloads. */
function DialogButton<V extends object>(props: {
  label: string;
  ariaLabel?: string;
  title: string;
  fields: readonly ChildField[];
  initial: () => Partial<V>;
  validate?: RowValidate<V>;
  save: (values: V & WithDeroga) => Promise<unknown>;
  size?: "2xs" | "sm";
  /** The day is locked: the form also asks the reason of the derogation. */
  deroga?: boolean;
}) {
  const [initial, setInitial] = useState<Partial<V> | undefined>();
  const fields = props.deroga ? [...props.fields, DEROGA_FIELD] : props.fields;
  const validate: RowValidate<V & WithDeroga> | undefined = props.deroga
    ? (v) => {
        const errors = { ...(props.validate?.(v) ?? {}) } as Record<string, string>;
        if (!v.deroga?.trim()) errors.deroga = "Questo campo è obbligatorio";
        return Object.keys(errors).length ? errors : undefined;
      }
    : (props.validate as RowValidate<V & WithDeroga> | undefined);
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
      <DialogRowForm<V & WithDeroga>
        title={props.title}
        initialValues={initial}
        fields={fields}
        validate={validate}
        submit={(v) =>
          submitRow(
            () => props.save({ ...v, deroga: v.deroga?.trim() || undefined }),
            REQUEST_ERROR_WORDING,
            MSG.savedReload,
          )
        }
        onClose={() => setInitial(undefined)}
      />
    </>
  );
}

const deleted = (run: () => Promise<unknown>) => async () => {
  await run();
  notify.success(MSG.savedReload);
};

/** Removing a day or a shift: a confirmation, or on a locked day the reason of the derogation. */
function RemoveButton({
  what,
  deroga,
  remove,
  question,
  confirmLabel,
}: {
  what: string;
  deroga: boolean;
  remove: (deroga?: string) => Promise<unknown>;
  /** What the deletion takes with it, when more than the row (a shift's operators). */
  question?: string;
  confirmLabel?: string;
}) {
  if (!deroga)
    return (
      <DeleteRowButton what={what} question={question} confirmLabel={confirmLabel} onDelete={deleted(() => remove())} />
    );
  return (
    <DialogButton<object>
      label="Elimina"
      ariaLabel={`Elimina ${what}`}
      title={`${confirmLabel ?? "Elimina"}: ${what} (giorno passato)`}
      fields={[]}
      deroga
      initial={() => ({})}
      save={(v) => remove(v.deroga)}
    />
  );
}

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
  const edited = usePlanEdit(idServizio);
  const navigate = useNavigate();
  const derogaFields = hasAny(usePermissions(), CAPABILITIES.contrattiDeroghe) ? [DEROGA_FACOLTATIVA] : [];
  const removeServizio = async (deroga?: string) => {
    await remove({ idContratto, idServizio, deroga }).unwrap();
    navigate(`/pianificazione/contratti/${idContratto}/servizi`);
  };
  const what = `il servizio "${s?.descrizione || `Servizio ${s?.id}`}"`;
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
              edited(
                update({
                  idContratto,
                  idServizio,
                  data: {
                    dal: v.dal ?? "",
                    al: v.al ?? "",
                    descrizione: v.descrizione ?? "",
                    indirizzo: v.indirizzo ?? "",
                  },
                }).unwrap(),
              )
            }
          />
          <DialogButton<{ settimana?: string; settimane?: string }>
            size="sm"
            label="Copia settimana"
            title="Copia una settimana sulle successive"
            fields={[
              { name: "settimana", label: "Un giorno della settimana da copiare", kind: "date", required: true },
              { name: "settimane", label: "Numero di settimane", kind: "number", min: 1, required: true },
              ...derogaFields,
            ]}
            initial={() => ({ settimana: s.dal, settimane: "1" })}
            save={(v) =>
              edited(
                copia({
                  idContratto,
                  idServizio,
                  settimana: v.settimana ?? "",
                  settimane: Number(v.settimane),
                  deroga: v.deroga,
                }).unwrap(),
              )
            }
          />
          <DialogButton<{ dal?: string; al?: string }>
            size="sm"
            label="Estendi servizio"
            title="Estendi il servizio"
            fields={[
              { name: "dal", label: "Dal", kind: "date", required: true },
              { name: "al", label: "Al", kind: "date", required: true },
              ...derogaFields,
            ]}
            initial={() => ({})}
            save={(v) =>
              edited(estendi({ idContratto, idServizio, dal: v.dal ?? "", al: v.al ?? "", deroga: v.deroga }).unwrap())
            }
          />
          {derogaFields.length ? (
            <DialogButton<object>
              size="sm"
              label="Elimina servizio"
              title={`Elimina ${what}`}
              fields={derogaFields}
              initial={() => ({})}
              save={(v) => removeServizio(v.deroga)}
            />
          ) : (
            <DeleteRowButton
              what={what}
              onDelete={async () => {
                await removeServizio();
                notify.success(MSG.saved);
              }}
            />
          )}
        </HStack>
      )}
    </HStack>
  );
}

/** 'Aggiungi giorno' above the grid: a day of the service's period, without shifts. */
export function AggiungiGiorno(ids: ServizioIds) {
  const [create] = useCreateGiornoMutation();
  const edited = usePlanEdit(ids.idServizio);
  return (
    <DialogButton<{ giorno?: string }>
      size="sm"
      label="Aggiungi giorno"
      title="Nuovo giorno"
      fields={[{ name: "giorno", label: "Giorno", kind: "date", required: true }]}
      initial={() => ({})}
      save={(v) => edited(create({ ...ids, data: { giorno: v.giorno ?? "" } }).unwrap())}
    />
  );
}

/** A day's buttons in the grid: add a shift, move the day (without operators on it), remove it. */
export function GiornoEdit({ ids, giorno, bloccato }: { ids: ServizioIds; giorno: Giorno; bloccato: boolean }) {
  const posizioni = usePosizioni();
  const [create] = useCreateTurnoMutation();
  const [move] = useUpdateGiornoMutation();
  const [remove] = useDeleteGiornoMutation();
  const edited = usePlanEdit(ids.idServizio);
  const lock = useLock(bloccato);
  const path = { ...ids, idGiorno: giorno.id };
  if (lock.readOnly) return <LockedBadge />;
  return (
    <HStack gap="0" wrap="wrap">
      <DialogButton
        label="Aggiungi turno"
        ariaLabel={`Aggiungi turno il ${formatDate(giorno.giorno)}`}
        title={`Nuovo turno del ${formatDate(giorno.giorno)}`}
        fields={turnoFields(posizioni)}
        initial={() => turnoValues()}
        validate={validateTurno}
        deroga={lock.deroga}
        save={(v) => edited(create({ ...path, data: turnoBody(v), deroga: v.deroga }).unwrap())}
      />
      <DialogButton<{ giorno?: string }>
        label="Sposta"
        ariaLabel={`Sposta il giorno ${formatDate(giorno.giorno)}`}
        title={`Sposta il giorno ${formatDate(giorno.giorno)}`}
        fields={[{ name: "giorno", label: "Nuovo giorno", kind: "date", required: true }]}
        initial={() => ({ giorno: giorno.giorno })}
        deroga={lock.deroga}
        save={(v) => edited(move({ ...path, data: { giorno: v.giorno ?? "" }, deroga: v.deroga }).unwrap())}
      />
      <RemoveButton
        what={`il giorno ${formatDate(giorno.giorno)}`}
        deroga={lock.deroga}
        remove={(deroga) => edited(remove({ ...path, deroga }).unwrap())}
      />
    </HStack>
  );
}

/**
 * Deleting a shift with operators on it says so and offers to remove them with it (issue 32 item
 * 3), instead of asking "Sei sicuro…?" and then failing with the server's 409.
 */
function removeWithOperators(operatori: OperatoreTurno[], label: string) {
  const n = operatori.length;
  if (n === 0) return {};
  const nomi = operatori.map((o) => `${o.cognome} ${o.nome}`).join(", ");
  return {
    question:
      n === 1
        ? `Il turno ${label} ha 1 operatore assegnato (${nomi}): verrà rimosso dal turno e il turno eliminato. La rimozione resta nel registro dei turni. L'operazione non potrà essere annullata.`
        : `Il turno ${label} ha ${n} operatori assegnati (${nomi}): verranno rimossi dal turno e il turno eliminato. Le rimozioni restano nel registro dei turni. L'operazione non potrà essere annullata.`,
    confirmLabel: "Rimuovi gli operatori ed elimina",
  };
}

/** A shift's buttons in the grid: its times, qualification and head count; remove it. */
export function TurnoEdit({
  ids,
  giorno,
  turno,
  label,
  bloccato,
}: {
  ids: ServizioIds;
  giorno: Giorno;
  turno: Turno;
  label: string;
  bloccato: boolean;
}) {
  const posizioni = usePosizioni();
  const [update] = useUpdateTurnoMutation();
  const [remove] = useDeleteTurnoMutation();
  const edited = usePlanEdit(ids.idServizio);
  const lock = useLock(bloccato);
  const path = { ...ids, idGiorno: giorno.id, idTurno: turno.id };
  if (lock.readOnly) return <LockedBadge />;
  return (
    <HStack gap="0">
      <DialogButton
        label="Modifica"
        ariaLabel={`Modifica il turno ${label}`}
        title={`Turno ${label}`}
        fields={turnoFields(posizioni)}
        initial={() => turnoValues(turno)}
        validate={validateTurno}
        deroga={lock.deroga}
        save={(v) => edited(update({ ...path, data: turnoBody(v), deroga: v.deroga }).unwrap())}
      />
      <RemoveButton
        what={`il turno ${label}`}
        deroga={lock.deroga}
        {...removeWithOperators(turno.operatori, label)}
        remove={(deroga) => edited(remove({ ...path, deroga, rimuovi_operatori: turno.operatori.length > 0 }).unwrap())}
      />
    </HStack>
  );
}
