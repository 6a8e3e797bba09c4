/**
 * The profile button: avatar, full name and the menu of profile-menu-popup.tsx (SPEC §2), whose
 * code loads on the first intent over the button (src/components/on-intent.ts). A click, Enter,
 * Space or an arrow key before it has arrived opens the menu as soon as it does.
 */
import { Avatar, Box, Button, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useOnIntent } from "../../components/on-intent";
import { useCurrentUser } from "../../machines/session-context";
import { ChevronDownIcon } from "./icons";

const loadPopup = () => import("./profile-menu-popup");

export function fullName(user: { nome?: string; cognome?: string; username?: string } | null): string {
  if (!user) return "";
  const name = [user.nome, user.cognome].filter(Boolean).join(" ").trim();
  return name || user.username || "";
}

export function ProfileMenu() {
  const name = fullName(useCurrentUser());
  const [open, setOpen] = useState(false);
  const popup = useOnIntent(loadPopup);
  const button = (
    <Button variant="ghost" size="sm" aria-label={`Profilo di ${name}`}>
      {/* An icon, not initials: the visible text must be part of the button's name (axe: label-content-name-mismatch). */}
      <Avatar.Root size="xs" colorPalette="blue" aria-hidden="true">
        <Avatar.Fallback />
      </Avatar.Root>
      <Text as="span" hideBelow="sm">
        {name}
      </Text>
      <ChevronDownIcon />
    </Button>
  );
  const { ProfileMenuPopup } = popup.loaded ?? {};
  return (
    <Box display="contents" {...popup.intentProps}>
      {ProfileMenuPopup ? (
        <ProfileMenuPopup name={name} open={open} onOpenChange={setOpen} trigger={button} />
      ) : (
        popup.plainTrigger(button, "menu", open, () => setOpen(true))
      )}
    </Box>
  );
}
