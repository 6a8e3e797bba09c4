/** Service tabs besides the grid: operatori-assegnati, costi, dotazioni, note-ed-allegati. */
import { Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useRef, useState } from "react";
import { Form } from "react-final-form";
import { errorMessage, fieldErrors } from "../../../api/base";
import {
  allegatoPath,
  useAddNotaMutation,
  useCostiQuery,
  useDeleteAllegatoMutation,
  useDeleteCostoMutation,
  useDeleteDotazioneMutation,
  useDeleteNotaMutation,
  useDotazioniQuery,
  useNoteAllegatiQuery,
  useOperatoriAssegnatiQuery,
  useSaveCostoMutation,
  useSaveDotazioneMutation,
  useUploadAllegatoMutation,
} from "../../../api/pianificazione/servizi-righe.endpoints";
import { ChildTable, RowsState, submitRow } from "../../../components/child-table";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { TextareaField } from "../../../components/form";
import { OperatorName } from "../../../components/quick-view";
import { formatDate, formatDateTime, formatEuro, secondsToHours } from "../../../domain/format";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";

type Values = Record<string, string | undefined>;

interface Ids {
  idContratto: string;
  idServizio: string;
}

export function OperatoriAssegnatiTab(ids: Ids) {
  const { data, isLoading, error } = useOperatoriAssegnatiQuery(ids);
  return (
    <ChildTable
      label="Operatori assegnati"
      rows={data}
      isLoading={isLoading}
      error={error}
      columns={[
        {
          header: "Operatore",
          render: (o) => <OperatorName id={o.id}>{`${o.cognome} ${o.nome}`}</OperatorName>,
        },
        { header: "Turni", render: (o) => o.turni },
        { header: "Confermati", render: (o) => o.turni_confermati },
        { header: "Ore", render: (o) => secondsToHours(o.secondi) },
        { header: "Dal", render: (o) => formatDate(o.primo_giorno) },
        { header: "Al", render: (o) => formatDate(o.ultimo_giorno) },
      ]}
    />
  );
}

export function CostiTab(ids: Ids) {
  const { data, isLoading, error } = useCostiQuery(ids);
  const [save] = useSaveCostoMutation();
  const [remove] = useDeleteCostoMutation();
  return (
    <ChildTable
      label="Costi"
      rows={data}
      isLoading={isLoading}
      error={error}
      columns={[
        { header: "Tipo", render: (c) => c.tipo },
        { header: "Importo", render: (c) => formatEuro(c.importo) },
        { header: "Data", render: (c) => formatDate(c.data) },
        { header: "Note", render: (c) => c.note },
      ]}
      form={{
        placement: "dialog",
        titles: { add: "Nuovo costo", edit: "Modifica costo" },
        fields: [
          { name: "tipo", label: "Tipo", required: true },
          { name: "importo", label: "Importo (€)", kind: "number", step: "0.01", required: true },
          { name: "data", label: "Data", kind: "date", required: true },
          { name: "note", label: "Note" },
        ],
      }}
      save={(v: Partial<Values>, row) =>
        save(
          row
            ? // an edit sends what changed (a PUT changes only what it names)
              { ...ids, id: row.id, data: v }
            : {
                ...ids,
                data: { tipo: v.tipo ?? "", importo: v.importo ?? "", data: v.data ?? "", note: v.note ?? "" },
              },
        ).unwrap()
      }
      remove={(c) => remove({ ...ids, id: c.id }).unwrap()}
      confirm={{ what: (c) => `il costo "${c.tipo}"` }}
    />
  );
}

export function DotazioniTab(ids: Ids) {
  const { data, isLoading, error } = useDotazioniQuery(ids);
  const [save] = useSaveDotazioneMutation();
  const [remove] = useDeleteDotazioneMutation();
  return (
    <ChildTable
      label="Dotazioni"
      rows={data}
      isLoading={isLoading}
      error={error}
      columns={[
        { header: "Descrizione", render: (d) => d.descrizione },
        { header: "Quantità", render: (d) => d.quantita },
        { header: "Operatore", render: (d) => d.operatore_nome ?? "" },
        { header: "Consegnata il", render: (d) => formatDate(d.consegnata_il) },
        { header: "Restituita il", render: (d) => (d.restituita_il ? formatDate(d.restituita_il) : "Da restituire") },
        { header: "Note", render: (d) => d.note },
      ]}
      form={{
        placement: "dialog",
        titles: { add: "Nuova dotazione", edit: "Modifica dotazione" },
        toValues: (d) =>
          d
            ? {
                descrizione: d.descrizione,
                quantita: String(d.quantita),
                consegnata_il: d.consegnata_il ?? "",
                restituita_il: d.restituita_il ?? "",
                note: d.note,
              }
            : { quantita: "1" },
        fields: [
          { name: "descrizione", label: "Descrizione", required: true },
          { name: "quantita", label: "Quantità", kind: "number", min: 1 },
          { name: "consegnata_il", label: "Consegnata il", kind: "date" },
          { name: "restituita_il", label: "Restituita il", kind: "date" },
          { name: "note", label: "Note" },
        ],
      }}
      save={(v: Partial<Values>, row) =>
        save(
          row
            ? // an edit sends what changed: the operator the equipment was handed to stays as it is
              {
                ...ids,
                id: row.id,
                data: {
                  ...v,
                  ...(v.quantita !== undefined ? { quantita: Number(v.quantita || 1) } : {}),
                  ...(v.consegnata_il !== undefined ? { consegnata_il: v.consegnata_il || null } : {}),
                  ...(v.restituita_il !== undefined ? { restituita_il: v.restituita_il || null } : {}),
                },
              }
            : {
                ...ids,
                data: {
                  descrizione: v.descrizione ?? "",
                  quantita: Number(v.quantita || 1),
                  operatore: null,
                  consegnata_il: v.consegnata_il || null,
                  restituita_il: v.restituita_il || null,
                  note: v.note ?? "",
                },
              },
        ).unwrap()
      }
      remove={(d) => remove({ ...ids, id: d.id }).unwrap()}
      confirm={{ what: (d) => `la dotazione "${d.descrizione}"` }}
    />
  );
}

/** File types the server accepts for a service attachment (content-checked there). */
const ALLEGATO_ACCEPT = "application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp";

type NotaTarget = { id: number; fileId: string | null; label: string };

/** Notes of the service, each optionally with its attached file: upload, download, delete. */
export function NoteAllegatiTab(ids: Ids) {
  const { data = [], isLoading, error } = useNoteAllegatiQuery(ids);
  const [add] = useAddNotaMutation();
  const [remove, removing] = useDeleteNotaMutation();
  const [upload, uploading] = useUploadAllegatoMutation();
  const [removeFile, removingFile] = useDeleteAllegatoMutation();
  const [target, setTarget] = useState<NotaTarget | null>(null);
  const [descrizione, setDescrizione] = useState("");
  const input = useRef<HTMLInputElement>(null);

  const onFile = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    try {
      await upload({ ...ids, file, descrizione: descrizione.trim() || undefined }).unwrap();
      setDescrizione("");
      notify.success("File allegato");
    } catch (err) {
      const errors = fieldErrors(err);
      notify.error(errors?.file ?? errors?.descrizione ?? errorMessage(err));
    }
  };
  const download = (fileId: string, nome: string) =>
    downloadFile(allegatoPath(ids.idContratto, ids.idServizio, fileId), nome).catch((err: unknown) =>
      notify.error(err instanceof Error ? err.message : errorMessage(err)),
    );
  const confirmDelete = async () => {
    if (!target) return;
    try {
      if (target.fileId) await removeFile({ ...ids, fileId: target.fileId }).unwrap();
      else await remove({ ...ids, id: target.id }).unwrap();
      notify.success("Eliminato");
    } catch (err) {
      notify.error(errorMessage(err));
    }
    setTarget(null);
  };

  return (
    <Stack gap="4">
      <HStack>
        <Input
          size="sm"
          maxW="sm"
          value={descrizione}
          maxLength={500}
          onChange={(e) => setDescrizione(e.target.value)}
          placeholder="Descrizione dell'allegato (facoltativa)"
          aria-label="Descrizione dell'allegato"
        />
        <input
          ref={input}
          type="file"
          accept={ALLEGATO_ACCEPT}
          hidden
          aria-label="File da allegare"
          data-testid="allegato-input"
          onChange={onFile}
        />
        <Button size="sm" variant="outline" loading={uploading.isLoading} onClick={() => input.current?.click()}>
          Allega file
        </Button>
        <Text fontSize="xs" color="fg.muted">
          PDF, JPEG, PNG o WebP
        </Text>
      </HStack>
      <RowsState isLoading={isLoading} error={error}>
        {data.length === 0 && <Text color="fg.muted">Nessuna nota</Text>}
        {data.map((n) => (
          <Stack key={n.id} borderWidth="1px" rounded="md" p="2" gap="1">
            <HStack justify="space-between">
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(n.created_at)}
              </Text>
              <Button
                size="2xs"
                variant="ghost"
                colorPalette="red"
                onClick={() =>
                  setTarget({ id: n.id, fileId: n.file?.id ?? null, label: n.file ? n.file.nome : "la nota" })
                }
              >
                Elimina
              </Button>
            </HStack>
            {n.nota && <Text whiteSpace="pre-wrap">{n.nota}</Text>}
            {n.file && (
              <HStack gap="2">
                <Text fontSize="sm">{`Allegato: ${n.file.nome}`}</Text>
                <Button
                  size="2xs"
                  variant="outline"
                  onClick={() => n.file && download(n.file.id, n.file.nome)}
                  aria-label={`Scarica ${n.file.nome}`}
                >
                  Scarica
                </Button>
              </HStack>
            )}
          </Stack>
        ))}
      </RowsState>
      <Form
        onSubmit={async (v: Record<string, string>, form) => {
          const outcome = await submitRow(() => add({ ...ids, nota: v.nota ?? "" }).unwrap());
          if (outcome.saved) setTimeout(() => form.restart());
          return outcome.errors;
        }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} aria-label="Nuova nota">
            <TextareaField name="nota" label="Nuova nota" />
            <Button type="submit" mt="2" loading={submitting}>
              Aggiungi nota
            </Button>
          </form>
        )}
      />
      <ConfirmDialog
        open={target !== null}
        title="Elimina"
        question={target?.fileId ? `Eliminare il file "${target.label}"?` : "Eliminare la nota?"}
        loading={removing.isLoading || removingFile.isLoading}
        onConfirm={confirmDelete}
        onClose={() => setTarget(null)}
      />
    </Stack>
  );
}
