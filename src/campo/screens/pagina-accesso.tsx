/** The sign-in pages' parts, the guard's (./login.tsx) and the steward's (../steward/login-addetto.tsx). */
import { Box, Button, chakra, Input, type InputProps, Stack, Text } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";

const Label = chakra("label", { base: { fontWeight: "medium", display: "block", mb: "1" } });

/** The page: the app's name, what to sign in with, the guard/steward choice, then the form. */
export function PaginaAccesso({
  descrizione,
  scelta,
  children,
}: {
  descrizione: string;
  scelta?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box maxW="420px" mx="auto" px="4" py="8">
      <Text as="h1" fontSize="2xl" fontWeight="bold" mb="1">
        Vigilanza Campo
      </Text>
      <Text color="gray.600" mb="6">
        {descrizione}
      </Text>
      {scelta}
      {children}
    </Box>
  );
}

export function CampoAccesso({ id, label, ...input }: { id: string; label: string } & InputProps) {
  return (
    <Box>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} size="xl" {...input} />
    </Box>
  );
}

/** The form's fields, the error and the Accedi button. */
export function ModuloAccesso({
  onSubmit,
  errore,
  busy,
  pronto,
  children,
}: {
  onSubmit: (e: FormEvent) => void;
  errore: string | null;
  busy: boolean;
  pronto: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="4">
        {children}
        {errore && (
          <Text role="alert" color="red.700">
            {errore}
          </Text>
        )}
        <Button type="submit" size="xl" colorPalette="blue" loading={busy} disabled={!pronto}>
          Accedi
        </Button>
      </Stack>
    </form>
  );
}
