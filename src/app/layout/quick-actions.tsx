/** The header's quick icons (SPEC §2, §6): Operatori, Nuovo operatore, Contratti, Nuovo contratto. */
import { HStack, IconButton, Portal, Tooltip } from "@chakra-ui/react";
import type { ComponentType } from "react";
import { useNavigate } from "react-router-dom";
import { CAPABILITIES, hasAny } from "../../domain/permissions";
import { usePermissions } from "../../machines/session-context";
import { FileIcon, FilePlusIcon, UserPlusIcon, UsersIcon } from "./icons";

interface QuickAction {
  label: string;
  to: string;
  requires: readonly string[];
  icon: ComponentType;
}

export const QUICK_ACTIONS: QuickAction[] = [
  { label: "Operatori", to: "/anagrafiche/operatori", requires: CAPABILITIES.operatori, icon: UsersIcon },
  {
    label: "Nuovo operatore",
    to: "/anagrafiche/operatori/aggiungi-nuovo",
    requires: CAPABILITIES.all,
    icon: UserPlusIcon,
  },
  { label: "Contratti", to: "/pianificazione/contratti", requires: CAPABILITIES.contratti, icon: FileIcon },
  {
    label: "Nuovo contratto",
    to: "/pianificazione/contratti/aggiungi-nuovo",
    requires: CAPABILITIES.all,
    icon: FilePlusIcon,
  },
];

export function QuickActions() {
  const permissions = usePermissions();
  const navigate = useNavigate();
  return (
    <HStack gap="1" as="nav" aria-label="Azioni rapide">
      {QUICK_ACTIONS.filter((a) => hasAny(permissions, a.requires)).map(({ label, to, icon: Icon }) => (
        <Tooltip.Root key={to} openDelay={300}>
          <Tooltip.Trigger asChild>
            <IconButton aria-label={label} variant="ghost" size="sm" onClick={() => navigate(to)}>
              <Icon />
            </IconButton>
          </Tooltip.Trigger>
          <Portal>
            <Tooltip.Positioner>
              <Tooltip.Content>{label}</Tooltip.Content>
            </Tooltip.Positioner>
          </Portal>
        </Tooltip.Root>
      ))}
    </HStack>
  );
}
