/** The profile menu: the user's full name, 'Scarica traccia' (QA trace export) and 'Esci'. */
import { Avatar, Button, Menu, Portal, Text } from "@chakra-ui/react";
import { downloadTrace } from "../../machines/trace";
import { useCurrentUser, useSessionActor } from "../session-context";
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
  return (
    <Menu.Root
      positioning={{ placement: "bottom-end" }}
      onSelect={({ value }) => {
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
            <Menu.Item value="trace">Scarica traccia</Menu.Item>
            <Menu.Item value="logout">Esci</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
