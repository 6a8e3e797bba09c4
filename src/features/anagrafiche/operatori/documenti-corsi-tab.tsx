/**
 * documenti-corsi: identity documents, licences and courses with type, number, dates, expiry
 * status (scaduto red, in scadenza ≤ 30 gg orange) and file (upload, download with the token).
 */
import { Badge, Button, FileUpload } from "@chakra-ui/react";
import { type TabItem, useUploadOperatoreFileMutation } from "../../../api/anagrafiche/operatori.endpoints";
import { errorMessage } from "../../../api/base";
import { ChildTable } from "../../../components/child-table";
import type { FileRef } from "../../../domain/contracts/anagrafiche/operatori";
import { STATO_SCADENZA_LABELS, type StatoScadenza, TIPI_CORSO, TIPI_DOCUMENTO } from "../../../domain/documenti";
import { formatDate } from "../../../domain/format";
import { validateCorso, validateDocumento } from "../../../domain/operatore";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";
import { childTexts } from "../common/child-texts";
import { MSG } from "../common/messages";
import { useOperatoreTab } from "./use-operatore-tab";

const STATO_COLOR: Record<StatoScadenza, string> = { scaduto: "red", in_scadenza: "orange", valido: "green" };

export function StatoBadge({ stato }: { stato: StatoScadenza }) {
  return (
    <Badge colorPalette={STATO_COLOR[stato]} variant={stato === "valido" ? "subtle" : "solid"}>
      {STATO_SCADENZA_LABELS[stato]}
    </Badge>
  );
}

const d = (v: unknown) => (v ? formatDate(String(v)) : "—");

function FileCell({ id, item, slot }: { id: number; item: TabItem; slot: "documento" | "corso" }) {
  const [upload, { isLoading }] = useUploadOperatoreFileMutation();
  const file = item.file as FileRef | null;
  return (
    <>
      {file && (
        <Button
          size="xs"
          variant="ghost"
          onClick={() => downloadFile(file.url, file.nome).catch((e) => notify.error(errorMessage(e)))}
        >
          {file.nome}
        </Button>
      )}
      <FileUpload.Root
        accept="application/pdf,image/jpeg,image/png,image/webp"
        maxFiles={1}
        display="inline-flex"
        width="auto"
        onFileAccept={async (e) => {
          const f = e.files[0];
          if (!f) return;
          try {
            await upload({ id, categoria: slot, file: f, refId: item.id }).unwrap();
            notify.success(MSG.uploaded);
          } catch (err) {
            notify.error(errorMessage(err));
          }
        }}
      >
        <FileUpload.HiddenInput aria-label="Carica file" />
        <FileUpload.Trigger asChild>
          <Button size="xs" variant="outline" loading={isLoading}>
            {file ? "Sostituisci" : "Carica file"}
          </Button>
        </FileUpload.Trigger>
      </FileUpload.Root>
    </>
  );
}

export function DocumentiCorsiTab({ id }: { id: number }) {
  const documenti = useOperatoreTab(id, "documenti");
  const corsi = useOperatoreTab(id, "corsi");
  return (
    <>
      <ChildTable<TabItem>
        label="Documenti e licenze"
        {...documenti}
        {...childTexts("documento")}
        form={{
          placement: "dialog",
          titles: { add: "Nuovo documento", edit: "Modifica documento" },
          validate: validateDocumento,
          fields: [
            {
              name: "tipo",
              label: "Tipo",
              kind: "select",
              required: true,
              options: TIPI_DOCUMENTO.map((t) => ({ value: t.code, label: t.label })),
            },
            { name: "numero", label: "Numero" },
            { name: "rilasciato_da", label: "Rilasciato da" },
            { name: "data_rilascio", label: "Data di rilascio", kind: "date" },
            { name: "data_scadenza", label: "Data di scadenza", kind: "date" },
            { name: "note", label: "Note", kind: "textarea" },
          ],
        }}
        columns={[
          { header: "Tipo", render: (i) => String(i.tipo_label ?? i.tipo) },
          { header: "Numero", render: (i) => String(i.numero || "—") },
          { header: "Rilascio", render: (i) => d(i.data_rilascio) },
          { header: "Scadenza", render: (i) => d(i.data_scadenza) },
          { header: "Stato", render: (i) => <StatoBadge stato={i.stato as StatoScadenza} /> },
          { header: "File", render: (i) => <FileCell id={id} item={i} slot="documento" /> },
        ]}
      />
      <ChildTable<TabItem>
        label="Corsi"
        {...corsi}
        {...childTexts("corso")}
        form={{
          placement: "dialog",
          titles: { add: "Nuovo corso", edit: "Modifica corso" },
          validate: validateCorso,
          fields: [
            {
              name: "tipo",
              label: "Tipo",
              kind: "select",
              required: true,
              options: TIPI_CORSO.map((t) => ({ value: t.code, label: t.label })),
            },
            { name: "ente", label: "Ente" },
            { name: "data_conseguimento", label: "Data di conseguimento", kind: "date", required: true },
            { name: "data_scadenza", label: "Data di scadenza", kind: "date" },
            { name: "note", label: "Note", kind: "textarea" },
          ],
        }}
        columns={[
          { header: "Tipo", render: (i) => String(i.tipo_label ?? i.tipo) },
          { header: "Ente", render: (i) => String(i.ente || "—") },
          { header: "Conseguito il", render: (i) => d(i.data_conseguimento) },
          { header: "Scadenza", render: (i) => d(i.data_scadenza) },
          { header: "Stato", render: (i) => <StatoBadge stato={i.stato as StatoScadenza} /> },
          { header: "File", render: (i) => <FileCell id={id} item={i} slot="corso" /> },
        ]}
      />
    </>
  );
}
