/** The filters and columns of Impostazioni → Utenti (GET /api/auth/users/, server/modules/auth/users.list.ts). */
import { Badge, Button, HStack, Text } from "@chakra-ui/react";
import type { DataTableColumn, Row } from "../../components/data-table/data-table.types";
import type { FilterField } from "../../components/filter-bar/filter-bar.types";
import { PENDING_LABEL } from "../../domain/auth-messages";
import type { StaffUser } from "../../domain/contracts/auth/users";
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
  { type: "switch", name: "in_attesa", label: PENDING_LABEL, span: 2 },
];

export interface UserActions {
  onEdit: (user: StaffUser) => void;
  /** Deactivates an active user, or refuses a pending registration. */
  onDeactivate: (user: StaffUser) => void;
  /** Enables a self-registered account waiting for approval. */
  onEnable: (user: StaffUser) => void;
  /** Issue 37: the user's active sessions (see and end them). */
  onSessions?: (user: StaffUser) => void;
}

function StatoBadge({ user }: { user: StaffUser }) {
  if (user.in_attesa) return <Badge colorPalette="orange">{PENDING_LABEL}</Badge>;
  return <Badge colorPalette={user.attivo ? "green" : "gray"}>{user.attivo ? "Attivo" : "Disattivato"}</Badge>;
}

export function usersColumns({ onEdit, onDeactivate, onEnable, onSessions }: UserActions): DataTableColumn<UserRow>[] {
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
      render: (u) => <StatoBadge user={u} />,
    },
    { key: "last_login", name: "Ultimo accesso", sortable: true, format: "datetime" },
    { key: "created_at", name: "Creato il", sortable: true, format: "datetime" },
    {
      key: "azioni",
      name: "Azioni",
      exportField: false,
      hideable: false,
      minWidth: 250,
      render: (u) => (
        <HStack gap="1" height="100%">
          <Button size="2xs" variant="outline" onClick={() => onEdit(u)} aria-label={`Modifica ${u.username}`}>
            Modifica
          </Button>
          {u.in_attesa && (
            <Button
              size="2xs"
              variant="outline"
              colorPalette="green"
              onClick={() => onEnable(u)}
              aria-label={`Abilita ${u.username}`}
            >
              Abilita
            </Button>
          )}
          {u.in_attesa && (
            <Button
              size="2xs"
              variant="outline"
              colorPalette="red"
              onClick={() => onDeactivate(u)}
              aria-label={`Rifiuta ${u.username}`}
            >
              Rifiuta
            </Button>
          )}
          {u.attivo && onSessions && (
            <Button size="2xs" variant="outline" onClick={() => onSessions(u)} aria-label={`Sessioni di ${u.username}`}>
              Sessioni
            </Button>
          )}
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
