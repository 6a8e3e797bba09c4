/**
 * Add or edit a CMS user in a drawer (350 px, SPEC §5): an existing ERP operator may be chosen
 * (GET /api/cms/utenti/erp/?global={text}&page_size=50 after 500 ms without typing, 'Nessun
 * operatore trovato'): then first_name, last_name, cellulare, email and password are filled from
 * it and disabled; otherwise first_name, last_name, cellulare are required. tipologia always
 * required; email and password optional. On edit 'Applica' is enabled only once the form changed;
 * codice_accesso is read-only, creato_il shown 'YYYY-MM-DD HH:mm'.
 */
import { Button, HStack, Input, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { Field } from "react-final-form";
import {
  useCreateUtenteCmsMutation,
  useLazyOperatoriErpQuery,
  useReissueCodiceAccessoMutation,
  useUpdateUtenteCmsMutation,
} from "../../../api/cms/utenti.endpoints";
import { AutocompleteField } from "../../../components/filter-bar/autocomplete-field";
import type { FilterOption } from "../../../components/filter-bar/filter-bar.types";
import { CheckboxField, FormField, SelectField, saveFailure, TextField } from "../../../components/form";
import { FormDrawer } from "../../../components/form-drawer";
import { validateUtenteCms } from "../../../domain/cms";
import type { OperatoreErp, UtenteCms, UtenteCmsData } from "../../../domain/contracts/cms/utenti";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { notify } from "../../../lib/toaster";
import { useCurrentUser, usePermissions } from "../../../machines/session-context";
import { CMS_WORDING, MSG } from "../common/messages";

/** The operator chosen in the search: the option with the operator's data, to fill the form. */
type OperatoreOption = FilterOption & { operatore?: Pick<OperatoreErp, "nome" | "cognome" | "cellulare" | "email"> };

export interface UtenteValues {
  utente_erp: OperatoreOption | null;
  first_name: string;
  last_name: string;
  cellulare: string;
  email: string;
  password: string;
  tipologia: string;
  attivo: boolean;
}

function initialValues(u: UtenteCms | null): UtenteValues {
  return {
    utente_erp: u?.utente_erp
      ? { value: String(u.utente_erp.id), label: `${u.utente_erp.cognome} ${u.utente_erp.nome}` }
      : null,
    first_name: u?.first_name ?? "",
    last_name: u?.last_name ?? "",
    cellulare: u?.cellulare ?? "",
    email: u?.email ?? "",
    password: "",
    tipologia: u?.tipologia.id ?? "",
    attivo: u?.attivo ?? true,
  };
}

function toData(v: UtenteValues): UtenteCmsData {
  const linked = v.utente_erp !== null;
  return {
    utente_erp: linked ? Number(v.utente_erp?.value) : null,
    tipologia: v.tipologia,
    attivo: v.attivo,
    ...(linked
      ? {}
      : {
          first_name: v.first_name.trim(),
          last_name: v.last_name.trim(),
          cellulare: v.cellulare.trim(),
          email: v.email.trim(),
          ...(v.password ? { password: v.password } : {}),
        }),
  };
}

/** Only what changed (a PUT changes only what it names). */
function changed(before: UtenteValues, after: UtenteValues): Partial<UtenteCmsData> {
  const a = toData(after) as Record<string, unknown>;
  const b = toData(before) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(a).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(b[k])));
}

/** 'YYYY-MM-DD HH:mm' of the list's 'YYYY-MM-DD HH:mm:ss' (SPEC §9). */
export const creatoIl = (v: string) => v.slice(0, 16);

export interface UtenteDrawerProps {
  open: boolean;
  /** null: a new user. */
  utente: UtenteCms | null;
  onClose: () => void;
}

export function UtenteDrawer({ open, utente, onClose }: UtenteDrawerProps) {
  const [create] = useCreateUtenteCmsMutation();
  const [update] = useUpdateUtenteCmsMutation();
  const [reissue, { isLoading: reissuing }] = useReissueCodiceAccessoMutation();
  const [searchOperatori] = useLazyOperatoriErpQuery();
  const isAdmin = hasAny(usePermissions(), CAPABILITIES.cmsAdmin);
  const tipologie = (useCurrentUser()?.settings.tipi_utente_cms ?? []).map((t) => ({ value: t.id, label: t.titolo }));
  const isNew = utente === null;
  const initial = useMemo(() => initialValues(utente), [utente]);

  const loadOperatori = async (text: string): Promise<OperatoreOption[]> => {
    const res = await searchOperatori(text).unwrap();
    return res.results.map((o) => ({
      value: String(o.id),
      label: `${o.cognome} ${o.nome}${o.codice ? ` (${o.codice})` : ""}`,
      operatore: o,
    }));
  };

  const submit = async (v: UtenteValues) => {
    try {
      if (isNew) await create(toData(v)).unwrap();
      else await update({ id: utente.id, data: changed(initial, v) }).unwrap();
    } catch (e) {
      return saveFailure(e, CMS_WORDING);
    }
    notify.success(isNew ? MSG.utenteAggiunto : MSG.utenteModificato);
    onClose();
    return undefined;
  };

  return (
    <FormDrawer<UtenteValues>
      open={open}
      onClose={onClose}
      title={isNew ? "Nuovo utente" : "Modifica utente"}
      label={isNew ? "Nuovo utente" : "Modifica utente"}
      submitLabel="Applica"
      requireDirty={!isNew}
      formKey={utente?.id ?? "new"}
      onSubmit={submit}
      initialValues={initial}
      validate={(v) =>
        validateUtenteCms({
          ...v,
          tipologia_id: v.tipologia,
          utente_erp: v.utente_erp ? Number(v.utente_erp.value) : null,
        })
      }
    >
      {({ values, form }) => {
        const linked = values.utente_erp !== null;
        return (
          <>
            <Field<OperatoreOption | null> name="utente_erp">
              {({ input }) => (
                <AutocompleteField
                  label="Utente ERP"
                  value={input.value || null}
                  emptyText={MSG.nessunOperatore}
                  loadOptions={loadOperatori}
                  onChange={(o) => {
                    const chosen = o as OperatoreOption | null;
                    form.batch(() => {
                      input.onChange(chosen);
                      const op = chosen?.operatore;
                      if (op) {
                        form.change("first_name", op.nome);
                        form.change("last_name", op.cognome);
                        form.change("cellulare", op.cellulare);
                        form.change("email", op.email);
                        form.change("password", "");
                      }
                    });
                  }}
                />
              )}
            </Field>
            <TextField name="first_name" label="Nome" required={!linked} disabled={linked} />
            <TextField name="last_name" label="Cognome" required={!linked} disabled={linked} />
            <TextField name="cellulare" label="Cellulare" type="tel" required={!linked} disabled={linked} />
            <TextField name="email" label="Email" type="email" disabled={linked} />
            <TextField
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              disabled={linked}
              helperText={isNew ? undefined : "Lascia vuoto per non modificarla."}
            />
            <SelectField name="tipologia" label="Tipologia" options={tipologie} required />
            <CheckboxField name="attivo" label="Attivo" />
            {!isNew && (
              <>
                <FormField label="Codice accesso">
                  <HStack>
                    <Input value={utente.codice_accesso} readOnly aria-label="Codice accesso" />
                    {isAdmin && (
                      <Button
                        size="sm"
                        variant="outline"
                        loading={reissuing}
                        onClick={async () => {
                          try {
                            await reissue(utente.id).unwrap();
                            notify.success(MSG.codiceRigenerato);
                            onClose();
                          } catch (e) {
                            saveFailure(e, CMS_WORDING);
                          }
                        }}
                      >
                        Rigenera
                      </Button>
                    )}
                  </HStack>
                </FormField>
                <Text fontSize="sm" color="fg.muted">
                  Creato il {creatoIl(utente.creato_il)}
                </Text>
              </>
            )}
          </>
        );
      }}
    </FormDrawer>
  );
}
