/**
 * The correction of one assignment's worked times (issue 35 item 1): ingresso and uscita (Rome wall
 * clock, sent as instants) and the reason, always required. On an approved month the correction is a
 * derogation: the drawer says so and asks for it explicitly (the server refuses it otherwise).
 */
import { Alert } from "@chakra-ui/react";
import { useMemo } from "react";
import { useRettificaConsuntivoMutation } from "../../../api/fatturazione/consuntivo.endpoints";
import { CheckboxField, DateTimeField, saveFailure, TextareaField } from "../../../components/form";
import { FormDrawer } from "../../../components/form-drawer";
import type { ConsuntivoRiga } from "../../../domain/contracts/fatturazione/consuntivo";
import { romeToInstant } from "../../../domain/shift-rules";
import { notify } from "../../../lib/toaster";

interface Values {
  periodi: { inizio?: string; fine?: string }[];
  motivo?: string;
  deroga?: boolean;
}

/** 'YYYY-MM-DD HH:mm:ss' (a list's datetime, Rome) → 'YYYY-MM-DDTHH:mm' (the field's value). */
const campo = (v: string | null) => (v ? `${v.slice(0, 10)}T${v.slice(11, 16)}` : undefined);
/** The field's 'YYYY-MM-DDTHH:mm' (Rome) → an ISO instant. */
const istante = (v: string) => new Date(romeToInstant(v.slice(0, 10), v.slice(11, 16))).toISOString();

export function RettificaDrawer({
  riga,
  approvato,
  onClose,
}: {
  riga: ConsuntivoRiga | null;
  approvato: boolean;
  onClose: () => void;
}) {
  const [rettifica] = useRettificaConsuntivoMutation();
  const initialValues = useMemo<Values>(
    () => ({
      periodi: [
        {
          inizio: campo(riga?.ingresso ?? null) ?? (riga ? `${riga.giorno}T${riga.orario.slice(0, 5)}` : undefined),
          fine: campo(riga?.uscita ?? null),
        },
      ],
    }),
    [riga],
  );
  const submit = async (v: Values) => {
    if (!riga) return;
    const p = v.periodi[0];
    try {
      await rettifica({
        turno_operatore: riga.id,
        periodi: [{ inizio: istante(p.inizio ?? ""), fine: istante(p.fine ?? "") }],
        motivo: v.motivo ?? "",
        deroga: approvato ? Boolean(v.deroga) : undefined,
      }).unwrap();
      notify.success("Rettifica salvata");
      onClose();
    } catch (e) {
      return saveFailure(e);
    }
  };
  return (
    <FormDrawer<Values>
      open={riga !== null}
      onClose={onClose}
      title={riga ? `Rettifica — ${riga.operatore}` : "Rettifica"}
      label="Rettifica orari"
      submitLabel="Salva rettifica"
      initialValues={initialValues}
      formKey={riga?.id}
      onSubmit={submit}
    >
      {() => (
        <>
          {approvato && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>Il mese è approvato: la rettifica è una deroga e resta registrata come tale.</Alert.Title>
            </Alert.Root>
          )}
          <DateTimeField name="periodi.0.inizio" label="Ingresso" required />
          <DateTimeField name="periodi.0.fine" label="Uscita" required />
          <TextareaField name="motivo" label="Motivo della rettifica" required />
          {approvato && <CheckboxField name="deroga" label="Confermo la deroga sul mese approvato" />}
        </>
      )}
    </FormDrawer>
  );
}
