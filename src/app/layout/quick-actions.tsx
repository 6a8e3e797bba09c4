/**
 * The header's quick icons (SPEC §2, §6): Operatori, Nuovo operatore, Contratti, Nuovo contratto.
 * Below the `md` breakpoint (a phone) they are not in the header but at the top of the menu drawer
 * (sidebar-menu.tsx `quickActionsFor`), so the header fits in 390 px (issue 32 item 12). Their tooltips (quick-action-tooltips.tsx) load on the first intent over the icons
 * (src/components/on-intent.ts).
 *
 * Decision (issue 32 items 1 and 9): SPEC §6 gives the two "new" icons the 'all' capability, so
 * every user sees them; the routes they open ask for the permission of what they create (Nuovo
 * operatore: the operator's anagrafica, erp_operatori_anagrafica; Nuovo contratto: erp_contratti)
 * and without it show SPEC's 'Non disponi di permessi sufficienti per questa sezione'. The issue
 * asked to hide them from roles that cannot create; the SPEC is the contract, so they stay.
 */
import { HStack, IconButton } from "@chakra-ui/react";
import type { ComponentType } from "react";
import { useNavigate } from "react-router-dom";
import { useOnIntent } from "../../components/on-intent";
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

/** The quick actions one user may use (the header's icons, the phone menu's first group). */
export function quickActionsFor(permissions: readonly string[]): QuickAction[] {
  return QUICK_ACTIONS.filter((a) => hasAny(permissions, a.requires));
}

const loadTooltips = () => import("./quick-action-tooltips");

export function QuickActions() {
  const permissions = usePermissions();
  const navigate = useNavigate();
  const tooltips = useOnIntent(loadTooltips);
  const buttons = quickActionsFor(permissions).map(({ label, to, icon: Icon }) => ({
    label,
    button: (
      <IconButton key={to} aria-label={label} variant="ghost" size="sm" onClick={() => navigate(to)}>
        <Icon />
      </IconButton>
    ),
  }));
  const { QuickActionTooltips } = tooltips.loaded ?? {};
  return (
    <HStack gap="1" as="nav" aria-label="Azioni rapide" hideBelow="md" {...tooltips.intentProps}>
      {QuickActionTooltips ? <QuickActionTooltips buttons={buttons} /> : buttons.map((b) => b.button)}
    </HStack>
  );
}
