/**
 * The profile menu: the user's full name, 'Cambia password' (a dialog), 'Scarica traccia' (QA trace
 * export, only with CAPABILITIES.qaTracce: QA and administrators) and 'Logout' (SPEC §2).
 */
import { Avatar, Button, Menu, Portal, Text } from "@chakra-ui/react";
import { useState } from "react";
import { CAPABILITIES, hasAny } from "../../domain/permissions";
import { ChangePasswordDialog } from "../../features/auth/change-password-dialog";
import { useCurrentUser, useSessionActor } from "../../machines/session-context";
import { downloadTrace } from "../../machines/trace";
import { ChevronDownIcon } from "./icons";

export function fullName(user: { nome?: string; cognome?: string; username?: string } | null): string {
  if (!user) return "";
  const name = [user.nome, user.cognome].filter(Boolean).join(" ").trim();
  return name || user.username || "";
}

export function ProfileMenu() {
  const user = useCurrentUser();
  const actor = useSessionActor();
  const name = fullName(user);
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <Menu.Root
        positioning={{ placement: "bottom-end" }}
        onSelect={({ value }) => {
          if (value === "password") setChangingPassword(true);
          if (value === "trace") downloadTrace();
          if (value === "logout") actor.send({ type: "LOGOUT" });
        }}
      >
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" aria-label={`Profilo di ${name}`}>
            <Avatar.Root size="xs" colorPalette="blue">
              <Avatar.Fallback name={name} />
            </Avatar.Root>
            <Text as="span" hideBelow="sm">
              {name}
            </Text>
            <ChevronDownIcon />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="200px">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{name}</Menu.ItemGroupLabel>
              </Menu.ItemGroup>
              <Menu.Separator />
              <Menu.Item value="password">Cambia password</Menu.Item>
              {hasAny(user?.permissions, CAPABILITIES.qaTracce) && <Menu.Item value="trace">Scarica traccia</Menu.Item>}
              <Menu.Item value="logout">Logout</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
