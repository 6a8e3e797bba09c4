/**
 * Micro-benchmark (not a test): what the response serializer adds to a list page, against plain
 * JSON.stringify — zod's serializer (fastify-type-provider-zod) and ours (server/lib/response-
 * serializer.ts: the compiled JSON writer). `npx tsx server/bench/serialize-list.ts` — prints CPU
 * µs per page, the text's bytes counted as Fastify does for Content-Length (a text written piece
 * by piece is only joined then). A tight loop flatters every side against the same code inside
 * the server.
 */
import { serializerCompiler } from "fastify-type-provider-zod";
import { OperatoreRow } from "../../src/domain/contracts/anagrafiche/operatori";
import { ListOut } from "../../src/domain/contracts/common";
import { LogEntryRow } from "../../src/domain/contracts/log/log";
import { StoricoTurnoRow } from "../../src/domain/contracts/pianificazione/storico-turni";
import { responseSerializerCompiler } from "../lib/response-serializer";

const operatore = (i: number) => ({
  id: i,
  codice: `OP${String(i).padStart(5, "0")}`,
  cognome: "Rossi",
  nome: "Mario",
  sesso: "M",
  codice_fiscale: "RSSMRA80A01F205X",
  data_nascita: "1980-01-01",
  cellulare: "3331234567",
  email: "mario.rossi@example.it",
  citta: "Milano",
  prov: "MI",
  rating: 3,
  valutazione: "Buono",
  posizioni: ["Guardia giurata", "Portiere"],
  applicazione: true,
  attivo: true,
  cessato: false,
  black_list: false,
  prossima_scadenza: "2026-05-31",
  created_at: "2024-05-01 10:00:00",
});
const turno = (i: number) => ({
  giorno: "2025-06-02",
  cliente: "Banca Esempio S.p.A.",
  contratto: "Vigilanza sede centrale",
  indirizzo: "Via Roma 1, Milano",
  turno_id: i,
  orario: "08:00-14:00",
  posizione: "Guardia giurata",
  operatori_richiesti: 2,
  assegnati: 2,
  confermati: 1,
  operatori: [
    { id: 1, cognome: "Rossi", nome: "Mario", confermato: true },
    { id: 2, cognome: "Bianchi", nome: "Anna", confermato: false },
  ],
  ore_lavorate: 43200,
  contratto_id: 7,
  servizio_id: 9,
  inizio_f1: "08:00:00",
  fine_f1: "14:00:00",
  inizio_f2: null,
  fine_f2: null,
});

const logEntry = (i: number) => ({
  id: 1_000_000 + i,
  azione: "Modifica",
  data_ora: "2026-11-20 10:15:00",
  utente: { first_name: "Anna", last_name: "Bianchi" },
  note: i % 3 ? null : "Cambio turno",
  content_type: "operatore",
  object_id: "4711",
  related: i % 2 ? null : [{ object_id: "12", content_type: "cliente" }],
  dati: { change_log: ["Cellulare: 3331234567 → 3337654321", "Email: a@example.it → b@example.it"] },
  __total: 10,
});

function bench(name: string, row: Parameters<typeof ListOut>[0], make: (i: number) => object, size = 25) {
  const page = { results: Array.from({ length: size }, (_, i) => make(i + 1)), count: 1000, page: 1 };
  const route = { schema: ListOut(row), method: "GET", url: "/", httpStatus: "200" } as never;
  const zod = serializerCompiler(route);
  const ours = responseSerializerCompiler(route);
  if (ours(page) !== zod(page)) throw new Error(`${name}: the two serializers disagree`);
  const plain = (d: unknown) => JSON.stringify(d);
  // Fastify measures the answer for Content-Length: a string made of pieces is joined there.
  const sent = (fn: (d: unknown) => string | undefined) => () => Buffer.byteLength(fn(page) ?? "");
  for (const [label, fn] of [
    ["JSON.stringify", sent(plain)],
    ["zod serializer", sent(zod)],
    ["ours (compiled)", sent(ours)],
  ] as const) {
    for (let i = 0; i < 2000; i++) fn(); // warm-up
    // CPU time of this process (user + system), not wall time: the figure holds on a busy machine.
    const n = 20000;
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) fn();
    const c = process.cpuUsage(c0);
    const us = (c.user + c.system) / n;
    console.log(`${name.padEnd(12)} ${label.padEnd(15)} ${us.toFixed(1)} µs CPU / page of ${size}`);
  }
}

bench("operatori", OperatoreRow, operatore);
bench("storico", StoricoTurnoRow, turno);
bench("log", LogEntryRow, logEntry, 10);
