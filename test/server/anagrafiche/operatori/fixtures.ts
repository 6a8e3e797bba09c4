/** Shared data and helpers of the operator API tests. */
import { computeFiscalCode } from "../../../../src/domain/fiscal-code";
import { auth, type TestApp } from "../../helpers/app";

export const ADMIN = ["erp_admin"];

export const MARIO = {
  cognome: "Rossi",
  nome: "Mario",
  sesso: "M",
  codice_fiscale: "RSSMRA85M01H501Q",
  data_nascita: "1985-08-01",
  luogo_nascita: "Roma",
  prov_nascita: "RM",
  indirizzo: "Via Appia Nuova",
  numero: "12",
  cap: "00183",
  citta: "Roma",
  prov: "RM",
  cellulare: "+39 347 1234567",
  email: "mario.rossi@example.it",
  iban: "IT60 X054 2811 1010 0000 0123 456",
  altezza: 182,
  peso: 80,
};

let n = 0;
/** Another valid person each call (distinct fiscal codes). */
export function person(over: Record<string, unknown> = {}) {
  n += 1;
  const nomi = ["Luca", "Paolo", "Marco", "Andrea", "Stefano", "Davide", "Simone", "Matteo"];
  const nome = nomi[n % nomi.length];
  const cognome = `Verdi${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}`;
  const data_nascita = `19${70 + (n % 30)}-0${1 + (n % 9)}-1${n % 10}`;
  const base = { cognome, nome, sesso: "M", data_nascita, ...over } as {
    cognome: string;
    nome: string;
    sesso: string;
    data_nascita: string;
  } & Record<string, unknown>;
  return { codice_fiscale: computeFiscalCode({ ...base, codice_catastale: "F205" }), ...base };
}

export async function createOperatore(t: TestApp, token: string, data: Record<string, unknown>) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/anagrafiche/operatori/",
    headers: auth(token),
    payload: { data },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown> & { id: number };
}
