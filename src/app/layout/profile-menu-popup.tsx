/**
 * The profile menu's popup (SPEC §2), loaded on the first intent over the profile button
 * (src/components/on-intent.ts): the user's full name, 'Cambia password' (a dialog), 'Sicurezza
 * dell'account' (issue 37: second factor and active sessions, /profilo/sicurezza), 'Scarica
 * traccia' (QA trace export, only with CAPABILITIES.qaTracce: QA and administrators) and 'Logout'.
 * Open and closed by ProfileMenu.
 */
import { Menu, Portal } from "@chakra-ui/react";
import { type ReactElement, useState } from "react";
import { useNavigate } from "react-router-dom";
import { CAPABILITIES, hasAny } from "../../domain/permissions";
import { ChangePasswordDialog } from "../../features/auth/change-password-dialog";
import { useCurrentUser, useSessionActor } from "../../machines/session-context";
import { downloadTrace } from "../../machines/trace";

export function ProfileMenuPopup({
  name,
  open,
  onOpenChange,
  trigger,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
}) {
  const user = useCurrentUser();
  const actor = useSessionActor();
  const [changingPassword, setChangingPassword] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Menu.Root
        open={open}
        onOpenChange={(e) => onOpenChange(e.open)}
        positioning={{ placement: "bottom-end" }}
        onSelect={({ value }) => {
          if (value === "password") setChangingPassword(true);
          if (value === "security") navigate("/profilo/sicurezza");
          if (value === "trace") downloadTrace();
          if (value === "logout") actor.send({ type: "LOGOUT" });
        }}
      >
        <Menu.Trigger asChild>{trigger}</Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="200px">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{name}</Menu.ItemGroupLabel>
              </Menu.ItemGroup>
              <Menu.Separator />
              <Menu.Item value="password">Cambia password</Menu.Item>
              <Menu.Item value="security">Sicurezza dell'account</Menu.Item>
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
