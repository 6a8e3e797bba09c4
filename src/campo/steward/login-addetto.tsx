/**
 * The steward's sign-in with the access code the control room gave; when the code counts more
 * than one event now, the steward chooses which (POST /api/app/cms/eventi/).
 */
import { Button, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, type ReactNode, useState } from "react";
import type { AppCmsEventiOut, AppCmsLoginOut } from "../../domain/contracts/cms/app";
import { campoErrorMessage } from "../api";
import { CampoAccesso, ModuloAccesso, PaginaAccesso } from "../screens/pagina-accesso";
import { campoCmsApi } from "./api";

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
    <PaginaAccesso
      descrizione="Conta le persone ai varchi con il codice di accesso ricevuto dalla control room."
      scelta={scelta}
    >
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
        <ModuloAccesso onSubmit={submit} errore={errore} busy={busy} pronto={Boolean(codice.trim())}>
          <CampoAccesso
            id="campo-codice"
            label="Codice di accesso"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            value={codice}
            onChange={(e) => setCodice(e.target.value)}
          />
        </ModuloAccesso>
      )}
    </PaginaAccesso>
  );
}
