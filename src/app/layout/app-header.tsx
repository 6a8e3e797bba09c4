/** The header: menu button on small screens, quick icons, notification alert, profile menu. */
import { Flex, IconButton, Spacer } from "@chakra-ui/react";
import { MenuIcon } from "./icons";
import { NotificationArea } from "./notification-area";
import { ProfileMenu } from "./profile-menu";
import { QuickActions } from "./quick-actions";

export function AppHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  return (
    <Flex
      as="header"
      align="center"
      gap="2"
      px="4"
      h="14"
      borderBottomWidth="1px"
      bg="white"
      position="sticky"
      top="0"
      zIndex="docked"
    >
      <IconButton aria-label="Apri il menu" variant="ghost" size="sm" hideFrom="md" onClick={onOpenMenu}>
        <MenuIcon />
      </IconButton>
      <QuickActions />
      <Spacer />
      <NotificationArea />
      <ProfileMenu />
    </Flex>
  );
}
