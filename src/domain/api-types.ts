/** Shapes of the API shared by the SPA, the msw mocks and the server (SPEC §3). */

/** SPEC §3 Table list response. */
export interface ListResponse<T> {
  results: T[];
  count: number;
  page: number;
}

/** The error answer of every API call (DESIGN §5). */
export interface ApiErrorBody {
  detail: string;
  errors?: Record<string, string>;
}

export interface Posizione {
  id: number;
  descrizione: string;
}

export interface Valutazione {
  id: number;
  descrizione: string;
}

export interface TipoUtenteCms {
  id: string;
  titolo: string;
}

/** SPEC §3 User (account). */
export interface Account {
  id: number;
  username: string;
  email: string;
  nome: string;
  cognome: string;
  permissions: string[];
  settings: {
    posizioni: Posizione[];
    valutazioni: Valutazione[];
    tipi_utente_cms: TipoUtenteCms[];
  };
}

/** SPEC §3 Login response. */
export interface LoginResponse {
  token: string;
  user: Account;
}

/** Staff user as managed under Impostazioni → Utenti. */
export interface StaffUser {
  id: number;
  username: string;
  email: string;
  nome: string;
  cognome: string;
  permissions: string[];
  attivo: boolean;
  /** A self-registered account waiting for an administrator to enable it (then attivo is false). */
  in_attesa: boolean;
  last_login: string | null;
  created_at: string;
}

/** Write bodies are wrapped (DESIGN §5). */
export interface DataBody<T> {
  data: T;
}
