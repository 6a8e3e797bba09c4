/**
 * Impostazioni → Sicurezza (issue 37, administrators): the policy that makes the second factor
 * compulsory for chosen permissions (preset: administrators and whoever sees personal data or
 * pay), 'SSO obbligatorio' with the break-glass superadmin, and any user's active sessions.
 * Saving needs a recent re-authentication (the ReauthHost dialog).
 */
import { Box, Button, Card, Checkbox, Heading, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { errorMessage } from "../../api/base";
import { mfaApi } from "../../api/mfa.endpoints";
import { FormField } from "../../components/form";
import type { SecuritySettings } from "../../domain/contracts/auth/mfa";
import { MFA_DEFAULT_PERMISSIONS } from "../../domain/mfa";
import { notify } from "../../lib/toaster";
import { PermissionCheckboxes } from "./permission-checkboxes";

export function SecuritySettingsPage() {
  const { data } = mfaApi.useSecuritySettingsQuery();
  const [save, { isLoading }] = mfaApi.useSaveSecuritySettingsMutation();
  const [draft, setDraft] = useState<SecuritySettings | null>(null);
  // the first answer fills the form; a later refetch never overwrites what is being edited
  useEffect(() => {
    if (data) setDraft((d) => d ?? data);
  }, [data]);
  if (!draft) return null;
  const set = (p: Partial<SecuritySettings>) => setDraft({ ...draft, ...p });
  const submit = async () => {
    try {
      const { sso_available: _, ...rest } = draft;
      setDraft(await save(rest).unwrap());
      notify.success("Impostazioni di sicurezza salvate");
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };
  return (
    <Stack gap="6" maxW="4xl">
      <Heading as="h1" size="lg">
        Sicurezza
      </Heading>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading as="h2" size="md">
              Verifica in due passaggi obbligatoria
            </Heading>
            <Checkbox.Root
              checked={draft.mfa_required}
              onCheckedChange={(d) => set({ mfa_required: d.checked === true })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Obbligatoria per chi ha almeno uno dei permessi scelti</Checkbox.Label>
            </Checkbox.Root>
            {draft.mfa_required && (
              <Text fontSize="sm" color="fg.muted">
                Chi è soggetto all'obbligo e non l'ha ancora attivata dovrà farlo al prossimo accesso; le sue sessioni
                aperte vengono chiuse al salvataggio.
              </Text>
            )}
            <Box>
              <Button
                size="xs"
                variant="ghost"
                onClick={() => set({ mfa_required_permissions: [...MFA_DEFAULT_PERMISSIONS] })}
              >
                Ripristina la scelta consigliata
              </Button>
            </Box>
            <PermissionCheckboxes
              value={draft.mfa_required_permissions}
              onChange={(next) => set({ mfa_required_permissions: next })}
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading as="h2" size="md">
              Accesso aziendale (SSO)
            </Heading>
            {!draft.sso_available && (
              <Text color="fg.muted">
                SSO non configurato sul server (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET).
              </Text>
            )}
            <Checkbox.Root
              disabled={!draft.sso_available}
              checked={draft.sso_required}
              onCheckedChange={(d) => set({ sso_required: d.checked === true })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                SSO obbligatorio: nessuno accede con la password, tranne il superamministratore qui sotto
              </Checkbox.Label>
            </Checkbox.Root>
            <FormField label="Superamministratore di emergenza (accede sempre con la password)">
              <Input
                value={draft.sso_break_glass_username}
                onChange={(e) => set({ sso_break_glass_username: e.target.value })}
                maxW="sm"
              />
            </FormField>
          </Stack>
        </Card.Body>
      </Card.Root>
      <HStack>
        <Button colorPalette="blue" loading={isLoading} onClick={submit}>
          Salva
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        Le sessioni aperte di ciascun utente si vedono e si chiudono da Impostazioni → Utenti, pulsante «Sessioni».
      </Text>
    </Stack>
  );
}
