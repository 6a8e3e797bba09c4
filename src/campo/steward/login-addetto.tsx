/**
 * The steward's sign-in with the access code the control room gave; when the code counts more
 * than one event now, the steward chooses which (POST /api/app/cms/eventi/).
 */
import { Box, Button, chakra, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, type ReactNode, useState } from "react";
import type { AppCmsEventiOut, AppCmsLoginOut } from "../../domain/contracts/cms/app";
import { campoErrorMessage } from "../api";
import { campoCmsApi } from "./api";

const Label = chakra("label", { base: { fontWeight: "medium", display: "block", mb: "1" } });
const oraBreve = (iso: string) =>
  new Date(iso).toLocaleString("it-IT", { day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" });

export function LoginAddetto({ scelta, onLogin }: { scelta: ReactNode; onLogin: (s: AppCmsLoginOut) => void }) {
  const [codice, setCodice] = useState("");
  const [eventi, setEventi] = useState<AppCmsEventiOut["results"] | null>(null);
  const [errore, setErrore] = useState<string | null>(null);
  const [cercaEventi, eventiState] = campoCmsApi.useEventiMutation();
  const [login, loginState] = campoCmsApi.useLoginMutation();
  const busy = eventiState.isLoading || loginState.isLoading;

  const entra = async (evento_id: number) => {
    try {
      onLogin(await login({ codice_accesso: codice.trim(), evento_id }).unwrap());
    } catch (err) {
      setErrore(campoErrorMessage(err));
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrore(null);
    try {
      const r = await cercaEventi({ codice_accesso: codice.trim() }).unwrap();
      if (r.results.length === 1) await entra(r.results[0].id);
      else setEventi(r.results);
    } catch (err) {
      setErrore(campoErrorMessage(err));
    }
  };

  return (
    <Box maxW="420px" mx="auto" px="4" py="8">
      <Text as="h1" fontSize="2xl" fontWeight="bold" mb="1">
        Vigilanza Campo
      </Text>
      <Text color="gray.600" mb="6">
        Conta le persone ai varchi con il codice di accesso ricevuto dalla control room.
      </Text>
      {scelta}
      {eventi ? (
        <Stack gap="3">
          <Text as="h2" fontSize="lg" fontWeight="bold">
            Scegli l'evento
          </Text>
          {eventi.map((e) => (
            <Button key={e.id} size="xl" variant="outline" onClick={() => entra(e.id)} loading={busy}>
              {e.titolo} · {oraBreve(e.data_inizio)}
            </Button>
          ))}
          {errore && (
            <Text role="alert" color="red.700">
              {errore}
            </Text>
          )}
          <Button variant="ghost" onClick={() => setEventi(null)}>
            Indietro
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="4">
            <Box>
              <Label htmlFor="campo-codice">Codice di accesso</Label>
              <Input
                id="campo-codice"
                size="xl"
                autoComplete="one-time-code"
                autoCapitalize="characters"
                value={codice}
                onChange={(e) => setCodice(e.target.value)}
              />
            </Box>
            {errore && (
              <Text role="alert" color="red.700">
                {errore}
              </Text>
            )}
            <Button type="submit" size="xl" colorPalette="blue" loading={busy} disabled={!codice.trim()}>
              Accedi
            </Button>
          </Stack>
        </form>
      )}
    </Box>
  );
}
