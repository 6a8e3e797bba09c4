/** Sign-in with the app credentials HR set on the operator's record (name filled from `?utente=`). */
import { Box, Button, chakra, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, type ReactNode, useState } from "react";

const Label = chakra("label", { base: { fontWeight: "medium", display: "block", mb: "1" } });

export function LoginScreen({
  busy,
  error,
  onLogin,
  scelta,
}: {
  busy: boolean;
  error: string | null;
  onLogin: (username: string, password: string) => void;
  /** Guard or steward sign-in (src/campo/steward/modo-accesso.tsx). */
  scelta?: ReactNode;
}) {
  const [username, setUsername] = useState(
    () => new URLSearchParams(typeof location !== "undefined" ? location.search : "").get("utente") ?? "",
  );
  const [password, setPassword] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (username && password) onLogin(username.trim(), password);
  };
  return (
    <Box maxW="420px" mx="auto" px="4" py="8">
      <Text as="h1" fontSize="2xl" fontWeight="bold" mb="1">
        Vigilanza Campo
      </Text>
      <Text color="gray.600" mb="6">
        Accedi con le credenziali dell'app ricevute dall'ufficio.
      </Text>
      {scelta}
      <form onSubmit={submit}>
        <Stack gap="4">
          <Box>
            <Label htmlFor="campo-utente">Nome utente</Label>
            <Input
              id="campo-utente"
              size="xl"
              autoComplete="username"
              autoCapitalize="none"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </Box>
          <Box>
            <Label htmlFor="campo-password">Password</Label>
            <Input
              id="campo-password"
              size="xl"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Box>
          {error && (
            <Text role="alert" color="red.700">
              {error}
            </Text>
          )}
          <Button type="submit" size="xl" colorPalette="blue" loading={busy} disabled={!username || !password}>
            Accedi
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
