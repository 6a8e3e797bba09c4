/**
 * /cms/utenti: the CMS users (ListScreen on GET /api/cms/utenti/ — global search, email,
 * cellulare, stato T/A/N, tipologia), the add/edit drawer, deletion after SPEC §8's confirmation.
 */
import { Badge, Button, Heading, HStack, Stack } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { errorMessage } from "../../../api/base";
import { UTENTI_LIST_PATH, useDeleteUtenteCmsMutation } from "../../../api/cms/utenti.endpoints";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import type { DataTableColumn, Row } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import type { UtenteCms } from "../../../domain/contracts/cms/utenti";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { notify } from "../../../lib/toaster";
import { useCurrentUser, usePermissions } from "../../../machines/session-context";
import { MSG } from "../common/messages";
import { creatoIl, UtenteDrawer } from "./utente-drawer";

type UtenteRow = UtenteCms & Row;

export function UtentiCmsPage() {
  const permissions = usePermissions();
  const canEdit = hasAny(permissions, CAPABILITIES.cmsEdit);
  const canDelete = hasAny(permissions, CAPABILITIES.cmsAdmin);
  const tipologie = useCurrentUser()?.settings.tipi_utente_cms ?? [];
  const [editing, setEditing] = useState<{ utente: UtenteCms | null } | null>(null);
  const [toDelete, setToDelete] = useState<UtenteCms | null>(null);
  const [remove, { isLoading: deleting }] = useDeleteUtenteCmsMutation();

  const filters: FilterField[] = useMemo(
    () => [
      { type: "global", label: "Ricerca", placeholder: "Nome, cognome, email, cellulare o codice" },
      { type: "email", name: "email", label: "Email" },
      { type: "tel", name: "cellulare", label: "Cellulare" },
      {
        type: "select",
        name: "stato",
        label: "Stato",
        options: [
          { value: "T", label: "Tutti" },
          { value: "A", label: "Attivi" },
          { value: "N", label: "Non attivi" },
        ],
      },
      {
        type: "select",
        name: "tipologia_id",
        label: "Tipologia",
        options: tipologie.map((t) => ({ value: t.id, label: t.titolo })),
      },
    ],
    [tipologie],
  );

  const columns: DataTableColumn<UtenteRow>[] = useMemo(
    () => [
      { key: "last_name", name: "Cognome", sortable: true },
      { key: "first_name", name: "Nome", sortable: true },
      { key: "tipologia", name: "Tipologia", render: (u) => u.tipologia?.titolo ?? "" },
      { key: "email", name: "Email", sortable: true, minWidth: 160 },
      { key: "cellulare", name: "Cellulare" },
      { key: "codice_accesso", name: "Codice accesso" },
      {
        key: "utente_erp",
        name: "Operatore ERP",
        render: (u) => (u.utente_erp ? `${u.utente_erp.cognome} ${u.utente_erp.nome}` : "—"),
      },
      {
        key: "attivo",
        name: "Stato",
        sortable: true,
        render: (u) => (u.attivo ? <Badge colorPalette="green">Attivo</Badge> : <Badge>Non attivo</Badge>),
      },
      { key: "creato_il", name: "Creato il", sortable: true, render: (u) => creatoIl(u.creato_il) },
      {
        key: "azioni",
        name: "Azioni",
        exportField: false,
        hideable: false,
        // pinned to the grid's right edge: reachable at 1366 px however wide the rest (issue 32 item 4)
        frozen: "end",
        width: 150,
        minWidth: 150,
        render: (u) => (
          <HStack gap="1" height="100%">
            {canEdit && (
              <Button
                size="2xs"
                variant="outline"
                onClick={() => setEditing({ utente: u })}
                aria-label={`Modifica ${u.first_name} ${u.last_name}`}
              >
                Modifica
              </Button>
            )}
            {canDelete && (
              <Button
                size="2xs"
                variant="outline"
                colorPalette="red"
                onClick={() => setToDelete(u)}
                aria-label={`Elimina ${u.first_name} ${u.last_name}`}
              >
                Elimina
              </Button>
            )}
          </HStack>
        ),
      },
    ],
    [canEdit, canDelete],
  );

  return (
    <Stack gap="3" p="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h1" size="lg">
          Utenti CMS
        </Heading>
        {canEdit && (
          <Button colorPalette="blue" onClick={() => setEditing({ utente: null })}>
            Aggiungi utente
          </Button>
        )}
      </HStack>
      <ListScreen<UtenteRow>
        listId="cms-utenti"
        path={UTENTI_LIST_PATH}
        defaults={{ sort: { field: "last_name", asc: true }, autoload: true }}
        filters={filters}
        columns={columns}
        rowKey={(u) => u.id}
        onRowOpen={canEdit ? (u) => setEditing({ utente: u }) : undefined}
        aria-label="Utenti CMS"
      />
      <UtenteDrawer open={editing !== null} utente={editing?.utente ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Elimina utente"
        question={MSG.deleteUtente}
        loading={deleting}
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove(toDelete.id).unwrap();
            notify.success(MSG.utenteEliminato);
          } catch (e) {
            notify.error(errorMessage(e));
          }
          setToDelete(null);
        }}
      />
    </Stack>
  );
}
