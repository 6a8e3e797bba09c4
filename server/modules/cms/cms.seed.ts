/**
 * Demo CMS (issue 14 item 6), around `today`: CMS users of every type (a supervisor, four
 * stewards — one of them an ERP operator —, two viewers), and three events: a concert in progress
 * (started 2 hours ago, ends in 3) with four gates and two counting devices each, whose devices
 * have posted realistic arrivals every 30 seconds since 45 minutes before the doors opened (a
 * slow start, the rush before the show, a few leaving): the control room shows it over the warning
 * threshold, filling up; a past event with its counts and a future one. The demo steward signs in
 * to the counting app with an access code generated at seed time and printed once in the seed report
 * (issue 30 item 11: a fixed code opened every demo install put online), and
 * `npm run erp -- cms simulate --event ID --codice C --rate N` keeps counting through /api/app/cms/.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../db/query";
import type { SeedContext } from "../../seed/demo";
import { nuovoCodiceAccesso } from "./utenti/codice-accesso";

const MIN = 60_000;

interface DemoVarco {
  nome: string;
  capienza: number;
  direzione: "in" | "out" | "both";
  /** Share of the arrivals through this gate. */
  quota: number;
}

const VARCHI: DemoVarco[] = [
  { nome: "Varco Nord — via Indipendenza", capienza: 3500, direzione: "in", quota: 0.4 },
  { nome: "Varco Sud — via D'Azeglio", capienza: 2500, direzione: "both", quota: 0.3 },
  { nome: "Varco Est — via Rizzoli", capienza: 1500, direzione: "both", quota: 0.2 },
  { nome: "Varco Ovest — via Ugo Bassi", capienza: 1000, direzione: "both", quota: 0.1 },
];

/** People per minute arriving at minute `m` from the doors' opening: a slow start, then the rush. */
function arrivi(m: number): number {
  if (m < 0) return 0;
  if (m < 45) return 19.5 + m * 1.5;
  if (m < 120) return 82 - (m - 45) * 0.6;
  return 22;
}

/** A deterministic pseudo-random stream (the demo is the same on every new database). */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

async function utente(
  ctx: SeedContext,
  u: { first_name: string; last_name: string; tipologia: string; codice?: string; operatore?: number | null },
): Promise<number> {
  const row = await queryOne<{ id: number }>(
    ctx.tx,
    sql`INSERT INTO cms_utenti (first_name, last_name, email, cellulare, tipologia_id, codice_accesso, operatore_id, creato_il)
        VALUES (${u.first_name}, ${u.last_name}, ${`${u.first_name}.${u.last_name}@eventi-demo.it`.toLowerCase().replace(/\s/g, "")},
                ${`34${String(Math.abs(hash(u.last_name)) % 100000000).padStart(8, "0")}`}, ${u.tipologia},
                ${u.codice ?? nuovoCodiceAccesso()}, ${u.operatore ?? null}, ${new Date(ctx.today.getTime() - 30 * 86_400_000)})
        RETURNING id`,
  );
  return Number(row?.id);
}

function hash(s: string): number {
  let h = 7;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h;
}

async function evento(
  ctx: SeedContext,
  e: { titolo: string; descrizione: string; indirizzo: string; citta: string; prov: string; inizio: Date; fine: Date },
  utenti: number[],
): Promise<number> {
  const row = await queryOne<{ id: number }>(
    ctx.tx,
    sql`INSERT INTO cms_eventi (titolo, descrizione, indirizzo, citta, prov, data_inizio, data_fine, contatore, abilitato)
        VALUES (${e.titolo}, ${e.descrizione}, ${e.indirizzo}, ${e.citta}, ${e.prov}, ${e.inizio}, ${e.fine}, true, true)
        RETURNING id`,
  );
  const id = Number(row?.id);
  for (const u of utenti)
    await ctx.tx.execute(sql`INSERT INTO cms_eventi_utenti (evento_id, utente_id) VALUES (${id}, ${u})`);
  return id;
}

/** The event's gates and devices, and the counts from `apertura` to `fino` (every 30 s per device). */
async function varchiEConteggi(ctx: SeedContext, eventoId: number, apertura: Date, fino: Date, seed: number) {
  const rnd = lcg(seed);
  const rows: string[] = [];
  for (const [i, v] of VARCHI.entries()) {
    const g = await queryOne<{ id: number }>(
      ctx.tx,
      sql`INSERT INTO cms_varchi (evento_id, nome, capienza, direzione) VALUES (${eventoId}, ${v.nome}, ${v.capienza}, ${v.direzione}) RETURNING id`,
    );
    const varco = Number(g?.id);
    for (const k of [1, 2]) {
      const codice = `CP-${i + 1}${k}`;
      const d = await queryOne<{ id: number }>(
        ctx.tx,
        sql`INSERT INTO cms_dispositivi (evento_id, varco_id, codice, descrizione)
            VALUES (${eventoId}, ${varco}, ${codice}, ${`Contapersone ${k === 1 ? "sinistro" : "destro"}`})
            RETURNING id`,
      );
      const dispositivo = Number(d?.id);
      let seq = 0;
      // The last device of the west gate went quiet 6 minutes ago (a flat battery): it stands out.
      const stop = i === 3 && k === 2 ? new Date(fino.getTime() - 6 * MIN) : fino;
      for (let t = apertura.getTime(); t <= stop.getTime(); t += 30_000) {
        const m = (t - apertura.getTime()) / MIN;
        const media = (arrivi(m) * v.quota) / 2 / 2; // per device, per 30 s
        const entrati = v.direzione === "out" ? 0 : Math.max(0, Math.round(media * (0.6 + rnd() * 0.8)));
        const usciti =
          v.direzione === "in" ? 0 : rnd() < (v.direzione === "out" ? 0.7 : 0.15) ? 1 + Math.floor(rnd() * 2) : 0;
        if (entrati === 0 && usciti === 0) continue;
        seq += 1;
        const at = new Date(t).toISOString();
        rows.push(`(${dispositivo}, ${seq}, ${eventoId}, ${varco}, ${entrati}, ${usciti}, '${at}', '${at}')`);
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000)
    await ctx.tx.execute(
      sql.raw(`INSERT INTO cms_conteggi (dispositivo_id, seq, evento_id, varco_id, ingressi, uscite, at, ricevuto_il)
               VALUES ${rows.slice(i, i + 1000).join(", ")}`),
    );
}

export async function seedDemoCms(ctx: SeedContext): Promise<void> {
  const now = ctx.today;
  const [op] = await queryRows<{ id: number; nome: string; cognome: string }>(
    ctx.tx,
    sql`SELECT id, nome, cognome FROM operatori WHERE attivo ORDER BY id LIMIT 1`,
  );
  await utente(ctx, { first_name: "Elena", last_name: "Santoro", tipologia: "S" });
  const codiceDemo = nuovoCodiceAccesso();
  const addetti = [
    await utente(ctx, { first_name: "Paolo", last_name: "Conti", tipologia: "O", codice: codiceDemo }),
    await utente(ctx, { first_name: "Chiara", last_name: "Lombardi", tipologia: "O" }),
    await utente(ctx, { first_name: "Davide", last_name: "Greco", tipologia: "O" }),
  ];
  if (op)
    addetti.push(
      await utente(ctx, { first_name: op.nome, last_name: op.cognome, tipologia: "O", operatore: Number(op.id) }),
    );
  const visualizzatori = [
    await utente(ctx, { first_name: "Franco", last_name: "Bellini", tipologia: "V" }),
    await utente(ctx, { first_name: "Ilaria", last_name: "Rinaldi", tipologia: "V" }),
  ];

  const inizio = new Date(now.getTime() - 2 * 60 * MIN);
  const inCorso = await evento(
    ctx,
    {
      titolo: "Concerto in Piazza Maggiore",
      descrizione: "Concerto gratuito con ingressi contingentati dai quattro varchi della piazza",
      indirizzo: "Piazza Maggiore",
      citta: "Bologna",
      prov: "BO",
      inizio,
      fine: new Date(now.getTime() + 3 * 60 * MIN),
    },
    [...addetti, ...visualizzatori],
  );
  await varchiEConteggi(ctx, inCorso, new Date(inizio.getTime() - 45 * MIN), now, 42);

  const ieri = new Date(now.getTime() - 26 * 60 * MIN);
  const passato = await evento(
    ctx,
    {
      titolo: "Mercatino di Natale",
      descrizione: "Mercatino con bancarelle in piazza Santo Stefano",
      indirizzo: "Piazza Santo Stefano",
      citta: "Bologna",
      prov: "BO",
      inizio: ieri,
      fine: new Date(ieri.getTime() + 4 * 60 * MIN),
    },
    [addetti[0], visualizzatori[0]],
  );
  await varchiEConteggi(ctx, passato, new Date(ieri.getTime() - 30 * MIN), new Date(ieri.getTime() + 4 * 60 * MIN), 7);

  const domani = new Date(now.getTime() + 30 * 60 * MIN);
  await evento(
    ctx,
    {
      titolo: "Derby al Dall'Ara",
      descrizione: "Partita di campionato: afflusso dai varchi dello stadio",
      indirizzo: "Via Andrea Costa 174",
      citta: "Bologna",
      prov: "BO",
      inizio: domani,
      fine: new Date(domani.getTime() + 2 * 60 * MIN),
    },
    [addetti[0], addetti[1], visualizzatori[1]],
  );
  ctx.report.push(
    `CMS: l'evento in corso "Concerto in Piazza Maggiore" (id ${inCorso}) conta già; app conta-persone: codice di accesso ${codiceDemo}`,
    `     simula altri conteggi: npm run erp -- cms simulate --event ${inCorso} --codice ${codiceDemo} --rate 5`,
  );
}
