/** Sign-in with the app credentials HR set on the operator's record (name filled from `?utente=`). */
import { type FormEvent, type ReactNode, useState } from "react";
import { CampoAccesso, ModuloAccesso, PaginaAccesso } from "./pagina-accesso";

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
    <PaginaAccesso descrizione="Accedi con le credenziali dell'app ricevute dall'ufficio." scelta={scelta}>
      <ModuloAccesso onSubmit={submit} errore={error} busy={busy} pronto={Boolean(username && password)}>
        <CampoAccesso
          id="campo-utente"
          label="Nome utente"
          autoComplete="username"
          autoCapitalize="none"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <CampoAccesso
          id="campo-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </ModuloAccesso>
    </PaginaAccesso>
  );
}
