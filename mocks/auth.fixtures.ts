/**
 * The mock backend's staff users and account settings (the same lookup values the server seeds in
 * 0001_core.sql). `resetAuthDb()` restores them; tests call it between cases.
 */
import type { Account } from "../src/domain/contracts/auth/credentials";
import type { StaffUser } from "../src/domain/contracts/auth/users";

export const MOCK_PASSWORD = "Prova-Vigilanza-26";

export const SETTINGS: Account["settings"] = {
  posizioni: [
    { id: 1, descrizione: "Guardia particolare giurata armata" },
    { id: 2, descrizione: "Guardia particolare giurata" },
    { id: 3, descrizione: "Addetto ai servizi fiduciari" },
    { id: 4, descrizione: "Portiere / Addetto alla reception" },
    { id: 5, descrizione: "Steward" },
  ],
  valutazioni: [
    { id: 1, descrizione: "Insufficiente" },
    { id: 2, descrizione: "Sufficiente" },
    { id: 3, descrizione: "Buono" },
    { id: 4, descrizione: "Distinto" },
    { id: 5, descrizione: "Ottimo" },
  ],
  tipi_utente_cms: [
    { id: "A", titolo: "Amministratore" },
    { id: "S", titolo: "Supervisore" },
    { id: "O", titolo: "Operatore conta-persone" },
    { id: "V", titolo: "Visualizzatore" },
  ],
};

export interface MockUser extends StaffUser {
  password: string;
}

const SEED: Omit<MockUser, "password" | "last_login" | "created_at">[] = [
  {
    id: 1,
    username: "admin",
    email: "admin@vigilanza.test",
    nome: "Marco",
    cognome: "Rossi",
    permissions: ["superadmin"],
    attivo: true,
    in_attesa: false,
  },
  {
    id: 2,
    username: "pianificatore",
    email: "pianificazione@vigilanza.test",
    nome: "Giulia",
    cognome: "Bianchi",
    permissions: ["erp_dashboard", "erp_contratti"],
    attivo: true,
    in_attesa: false,
  },
  {
    id: 3,
    username: "personale",
    email: "personale@vigilanza.test",
    nome: "Luca",
    cognome: "Esposito",
    permissions: ["erp_operatori"],
    attivo: true,
    in_attesa: false,
  },
  {
    id: 4,
    username: "cms",
    email: "cms@vigilanza.test",
    nome: "Sara",
    cognome: "Romano",
    permissions: ["cms_admin"],
    attivo: true,
    in_attesa: false,
  },
  {
    id: 5,
    username: "nuovo",
    email: "nuovo@vigilanza.test",
    nome: "Paolo",
    cognome: "Greco",
    permissions: [],
    attivo: true,
    in_attesa: false,
  },
  {
    id: 6,
    username: "disattivato",
    email: "ex@vigilanza.test",
    nome: "Anna",
    cognome: "Conti",
    permissions: ["erp_dashboard"],
    attivo: false,
    in_attesa: false,
  },
];

export interface MockReset {
  uid: number;
  token: string;
  code: string;
  used: boolean;
}

export interface AuthDb {
  users: MockUser[];
  tokens: Map<string, number>;
  resets: MockReset[];
  nextId: number;
  nextToken: number;
}

function fresh(): AuthDb {
  return {
    users: SEED.map((u) => ({
      ...u,
      permissions: [...u.permissions],
      password: MOCK_PASSWORD,
      last_login: null,
      created_at: "2026-01-05T08:30:00.000Z",
    })),
    tokens: new Map(),
    resets: [],
    nextId: SEED.length + 1,
    nextToken: 1,
  };
}

export const authDb: AuthDb = fresh();

export function resetAuthDb(): void {
  Object.assign(authDb, fresh());
}

export function toAccount(u: MockUser): Account {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    nome: u.nome,
    cognome: u.cognome,
    permissions: [...u.permissions],
    settings: SETTINGS,
  };
}

export function toStaffUser(u: MockUser): StaffUser {
  const { password: _password, ...rest } = u;
  return { ...rest, permissions: [...u.permissions] };
}

/** A token for a fixture user, as if they had logged in (for tests that start logged in). */
export function issueMockToken(userId: number): string {
  const token = `mock-token-${userId}-${authDb.nextToken++}`;
  authDb.tokens.set(token, userId);
  return token;
}
