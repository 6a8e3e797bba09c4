/** The filters and columns of Impostazioni → Utenti (GET /api/auth/users/, server/modules/auth/users.list.ts). */
import { Badge, Button, HStack, Text } from "@chakra-ui/react";
import type { DataTableColumn, Row } from "../../components/data-table/data-table.types";
import type { FilterField } from "../../components/filter-bar/filter-bar.types";
import type { StaffUser } from "../../domain/api-types";
import { PERMISSIONS } from "../../domain/permissions";

/** A result of the users list: a StaffUser (react-data-grid rows are plain records). */
export type UserRow = StaffUser & Row;

const LABELS = new Map(PERMISSIONS.map((p) => [p.code, p.label]));

/** The Italian labels of a user's permission codes, in the user's order. */
export function permissionLabels(codes: readonly string[]): string {
  return codes.map((c) => LABELS.get(c) ?? c).join(", ");
}

export const USERS_FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca", placeholder: "Ricerca per nome utente, nome, cognome o email" },
  {
    type: "select",
    name: "permesso",
    label: "Permesso",
    options: PERMISSIONS.map((p) => ({ value: p.code, label: p.label })),
  },
  { type: "switch", name: "attivo", label: "Attivo", span: 2 },
];

export interface UserActions {
  onEdit: (user: StaffUser) => void;
  onDeactivate: (user: StaffUser) => void;
}

export function usersColumns({ onEdit, onDeactivate }: UserActions): DataTableColumn<UserRow>[] {
  return [
    { key: "username", name: "Nome utente", sortable: true, minWidth: 120 },
    { key: "nome", name: "Nome", sortable: true },
    { key: "cognome", name: "Cognome", sortable: true },
    { key: "email", name: "Email", sortable: true, minWidth: 160 },
    {
      key: "permissions",
      name: "Permessi",
      minWidth: 200,
      render: (u) => {
        const text = permissionLabels(u.permissions ?? []);
        return (
          <Text as="span" fontSize="xs" title={text} truncate>
            {text || "—"}
          </Text>
        );
      },
    },
    {
      key: "attivo",
      name: "Stato",
      sortable: true,
      groupable: true,
      format: "boolean",
      render: (u) => <Badge colorPalette={u.attivo ? "green" : "gray"}>{u.attivo ? "Attivo" : "Disattivato"}</Badge>,
    },
    { key: "last_login", name: "Ultimo accesso", sortable: true, format: "datetime" },
    { key: "created_at", name: "Creato il", sortable: true, format: "datetime" },
    {
      key: "azioni",
      name: "Azioni",
      exportField: false,
      hideable: false,
      minWidth: 160,
      render: (u) => (
        <HStack gap="1" height="100%">
          <Button size="2xs" variant="outline" onClick={() => onEdit(u)} aria-label={`Modifica ${u.username}`}>
            Modifica
          </Button>
          {u.attivo && (
            <Button
              size="2xs"
              variant="outline"
              colorPalette="red"
              onClick={() => onDeactivate(u)}
              aria-label={`Disattiva ${u.username}`}
            >
              Disattiva
            </Button>
          )}
        </HStack>
      ),
    },
  ];
}
