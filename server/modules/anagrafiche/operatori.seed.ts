/**
 * Demo operators: 60 Italian security guards and stewards with VALID fiscal codes computed by
 * src/domain/fiscal-code.ts from their name, sex, birth date and birth place; qualifications,
 * identity documents and licences (some expired, some expiring within 30 days), courses,
 * employment contracts (a third intermittente), weekly availability and a few unavailability
 * periods around the demo day. Deterministic (a seeded generator), so every demo looks the same.
 */
import { addDays, format } from "date-fns";
import { sql } from "drizzle-orm";
import { computeFiscalCode } from "../../../src/domain/fiscal-code";
import {
  operatori,
  operatoriContratti,
  operatoriCorsi,
  operatoriDisponibilita,
  operatoriDocumenti,
  operatoriIndisponibilita,
  operatoriPosizioni,
} from "../../db/schema/anagrafiche-operatori";
import { posizioni } from "../../db/schema/core";
import type { SeedContext } from "../../seed/demo";
import { COGNOMI_ITALIANI } from "../../seed/italian-names";

/** Where the demo operators were born: city, province, cadastral code, CAP, approximate centre. */
const CITTA: [string, string, string, string, number, number][] = [
  ["Roma", "RM", "H501", "00185", 41.9028, 12.4964],
  ["Milano", "MI", "F205", "20121", 45.4642, 9.19],
  ["Napoli", "NA", "F839", "80133", 40.8518, 14.2681],
  ["Torino", "TO", "L219", "10121", 45.0703, 7.6869],
  ["Palermo", "PA", "G273", "90133", 38.1157, 13.3615],
  ["Bologna", "BO", "A944", "40121", 44.4949, 11.3426],
  ["Firenze", "FI", "D612", "50122", 43.7696, 11.2558],
  ["Bari", "BA", "A662", "70121", 41.1171, 16.8719],
  ["Catania", "CT", "C351", "95131", 37.5079, 15.083],
  ["Venezia", "VE", "L736", "30121", 45.4408, 12.3155],
  ["Genova", "GE", "D969", "16121", 44.4056, 8.9463],
  ["Verona", "VR", "L781", "37121", 45.4384, 10.9916],
];

/**
 * Where they live: the company works in Lombardy (issue 15 item 5), so its guards live in Milan and
 * the towns around the clients' sites — city, province, CAP, approximate centre. Milan and its
 * first ring come first and more often: most operators are within 40 km of the sites they work.
 */
const RESIDENZE: [string, string, string, number, number][] = [
  ["Milano", "MI", "20121", 45.4642, 9.19],
  ["Sesto San Giovanni", "MI", "20099", 45.5366, 9.2311],
  ["Monza", "MB", "20900", 45.5845, 9.2744],
  ["Cinisello Balsamo", "MI", "20092", 45.5555, 9.2147],
  ["Rho", "MI", "20017", 45.5286, 9.0401],
  ["San Donato Milanese", "MI", "20097", 45.4105, 9.2681],
  ["Cologno Monzese", "MI", "20093", 45.5286, 9.2783],
  ["Pavia", "PV", "27100", 45.1847, 9.1582],
  ["Lodi", "LO", "26900", 45.3097, 9.5037],
  ["Bergamo", "BG", "24121", 45.6983, 9.6773],
  ["Como", "CO", "22100", 45.8081, 9.0852],
  ["Legnano", "MI", "20025", 45.5958, 8.9149],
];

const NOMI_M = [
  "Marco",
  "Giuseppe",
  "Antonio",
  "Luca",
  "Francesco",
  "Alessandro",
  "Davide",
  "Salvatore",
  "Stefano",
  "Matteo",
  "Paolo",
  "Giovanni",
  "Andrea",
  "Roberto",
  "Vincenzo",
  "Simone",
  "Fabio",
  "Massimo",
  "Emanuele",
  "Cristian",
];
const NOMI_F = [
  "Giulia",
  "Francesca",
  "Chiara",
  "Sara",
  "Valentina",
  "Federica",
  "Alessia",
  "Martina",
  "Elena",
  "Silvia",
];
const COGNOMI = COGNOMI_ITALIANI.slice(0, 40);
const VIE = [
  "Via Roma",
  "Via Garibaldi",
  "Corso Italia",
  "Via Mazzini",
  "Via Cavour",
  "Viale della Repubblica",
  "Via Dante Alighieri",
  "Piazza della Libertà",
  "Via Verdi",
  "Via XX Settembre",
];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A valid Italian IBAN for an account number (check digits computed). */
function demoIban(n: number): string {
  const bban = `X0306909606${String(100000000000 + n * 7919).slice(-12)}`;
  const numeric = `${bban}IT00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of numeric) rest = (rest * 10 + Number(d)) % 97;
  return `IT${String(98 - rest).padStart(2, "0")}${bban}`;
}

export async function seedDemoOperatori(ctx: SeedContext): Promise<void> {
  const { tx } = ctx;
  const rand = rng(20250101);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const day = (d: Date) => format(d, "yyyy-MM-dd");
  const today = ctx.today;
  const pos = await tx.select().from(posizioni);
  const posId = (descr: string) => pos.find((p) => p.descrizione === descr)?.id;
  const usedCf = new Set<string>();

  for (let i = 0; i < 60; i++) {
    const sesso = i % 5 === 4 ? "F" : "M";
    // Surnames repeat every 40 operators: shift the first names of the next round so that no two
    // operators share a full name.
    const round = Math.floor(i / COGNOMI.length) * 7;
    const nome = sesso === "F" ? NOMI_F[(i + round) % NOMI_F.length] : NOMI_M[(i + round) % NOMI_M.length];
    const cognome = COGNOMI[(i * 7) % COGNOMI.length];
    const [luogo, provNascita, catastale] = pick(CITTA);
    // Half of them in Milan or its first ring (the first seven), the others anywhere in the list.
    const [citta, prov, cap, lat, lng] = i % 2 === 0 ? RESIDENZE[(i / 2) % 7] : pick(RESIDENZE);
    const birth = new Date(1965 + Math.floor(rand() * 37), Math.floor(rand() * 12), 1 + Math.floor(rand() * 28));
    const data_nascita = day(birth);
    const codice_fiscale = computeFiscalCode({ cognome, nome, sesso, data_nascita, codice_catastale: catastale });
    if (usedCf.has(codice_fiscale)) continue;
    usedCf.add(codice_fiscale);
    const cessato = i % 17 === 16;
    const armed = i % 3 === 0;
    const [row] = await tx
      .insert(operatori)
      .values({
        nome,
        cognome,
        sesso,
        codice_fiscale,
        data_nascita,
        luogo_nascita: luogo,
        prov_nascita: provNascita,
        cittadinanza: "Italiana",
        indirizzo: pick(VIE),
        numero: String(1 + Math.floor(rand() * 120)),
        cap,
        citta,
        prov,
        cellulare: `3${String(20 + Math.floor(rand() * 79))}${String(1000000 + Math.floor(rand() * 8999999))}`,
        email: `${`${nome}.${cognome}`.toLowerCase().replace(/[^a-z.]/g, "")}${i}@example.it`,
        iban: demoIban(i + 1),
        data_iban: day(addDays(today, -400 - i * 3)),
        altezza: sesso === "F" ? 160 + Math.floor(rand() * 20) : 170 + Math.floor(rand() * 25),
        peso: sesso === "F" ? 52 + Math.floor(rand() * 20) : 68 + Math.floor(rand() * 30),
        titolo_studio: pick(["Licenza media", "Diploma", "Diploma", "Laurea"]),
        area_sede: citta,
        attivo: !cessato,
        cessato,
        black_list: i === 13 || i === 41,
        data_disattivazione: cessato ? day(addDays(today, -200)) : null,
        data_iscrizione: day(addDays(today, -3000 + i * 40)),
        applicazione: i % 4 !== 3,
        sms: i % 2 === 0,
        rating: 1 + Math.floor(rand() * 5),
        lat: lat + (rand() - 0.5) * 0.08,
        lng: lng + (rand() - 0.5) * 0.08,
        annotazioni: i % 9 === 0 ? "Disponibile per servizi notturni e trasferte." : "",
      })
      .returning({ id: operatori.id });
    const id = row.id;

    const quals = new Set<number | undefined>();
    if (armed) quals.add(posId("Guardia particolare giurata armata"));
    if (i % 3 !== 2) quals.add(posId("Guardia particolare giurata"));
    if (i % 3 === 2) quals.add(posId("Addetto ai servizi fiduciari"));
    if (i % 4 === 1) quals.add(posId("Steward"));
    if (i % 6 === 5) quals.add(posId("Portiere / Addetto alla reception"));
    if (i % 10 === 0) quals.add(posId("Capo turno"));
    const qids = [...quals].filter((q): q is number => q !== undefined);
    if (qids.length)
      await tx.insert(operatoriPosizioni).values(qids.map((q) => ({ operatore_id: id, posizione_id: q })));

    // Documents: identity card always; licences for guards. Some expired, some expiring soon.
    const offset = i % 10 === 0 ? -20 : i % 10 === 1 ? 12 : i % 10 === 2 ? 25 : 200 + i * 11;
    await tx.insert(operatoriDocumenti).values({
      operatore_id: id,
      tipo: "carta_identita",
      numero: `CA${String(10000 + i * 37).padStart(5, "0")}AB`,
      rilasciato_da: `Comune di ${citta}`,
      data_rilascio: day(addDays(today, offset - 3650)),
      data_scadenza: day(addDays(today, offset)),
    });
    if (i % 3 !== 2) {
      await tx.insert(operatoriDocumenti).values({
        operatore_id: id,
        tipo: "decreto_gpg",
        numero: `GPG/${2020 + (i % 5)}/${1000 + i}`,
        rilasciato_da: `Prefettura di ${citta}`,
        data_rilascio: day(addDays(today, -700 - i)),
        data_scadenza: day(addDays(today, i % 7 === 3 ? 18 : i % 11 === 5 ? -35 : 400 + i * 5)),
      });
    }
    if (armed) {
      await tx.insert(operatoriDocumenti).values({
        operatore_id: id,
        tipo: "porto_armi",
        numero: `PA${String(500000 + i * 13)}`,
        rilasciato_da: `Questura di ${citta}`,
        data_rilascio: day(addDays(today, -300 - i)),
        data_scadenza: day(addDays(today, i % 9 === 0 ? 9 : 65 + i * 4)),
      });
    }
    if (i % 4 === 1) {
      await tx.insert(operatoriDocumenti).values({
        operatore_id: id,
        tipo: "attestato_steward",
        numero: `ST-${3000 + i}`,
        rilasciato_da: "Osservatorio nazionale sulle manifestazioni sportive",
        data_rilascio: day(addDays(today, -500)),
      });
    }

    await tx.insert(operatoriCorsi).values([
      {
        operatore_id: id,
        tipo: "formazione_generale",
        ente: "Ente bilaterale vigilanza",
        data_conseguimento: day(addDays(today, -900 + i)),
      },
      {
        operatore_id: id,
        tipo: i % 2 === 0 ? "antincendio" : "primo_soccorso",
        ente: "Centro formazione sicurezza",
        data_conseguimento: day(addDays(today, -1000 + i * 5)),
        data_scadenza: day(addDays(today, i % 8 === 0 ? -10 : i % 8 === 1 ? 20 : 300 + i * 6)),
      },
    ]);

    // Contracts: a third intermittente, others indeterminato; a few past fixed-term ones.
    const tipo = i % 3 === 1 ? "intermittente" : "indeterminato";
    if (i % 5 === 0) {
      await tx.insert(operatoriContratti).values({
        operatore_id: id,
        tipo: "determinato",
        data_inizio: day(addDays(today, -1500)),
        data_fine: day(addDays(today, -1200)),
        ore_settimanali: 40,
      });
    }
    await tx.insert(operatoriContratti).values({
      operatore_id: id,
      tipo,
      data_inizio: day(addDays(today, -1100 + i * 10)),
      data_fine: cessato ? day(addDays(today, -200)) : null,
      ore_settimanali: tipo === "intermittente" ? null : i % 4 === 0 ? 30 : 40,
    });

    // Weekly availability (some don't work Sundays) and unavailability around today.
    await tx.insert(operatoriDisponibilita).values(
      [1, 2, 3, 4, 5, 6, 7].map((g) => ({
        operatore_id: id,
        giorno_settimana: g,
        disponibile: !(g === 7 && i % 3 === 0) && !(g === 6 && i % 7 === 0),
      })),
    );
    if (i % 6 === 0) {
      const dal = addDays(today, (i % 5) - 1);
      dal.setHours(0, 0, 0, 0);
      await tx.insert(operatoriIndisponibilita).values({
        operatore_id: id,
        dal,
        al: addDays(dal, 1 + (i % 3)),
        motivo: pick(["Ferie", "Malattia", "Permesso", "Visita medica"]),
      });
    }
  }

  // A few HR files (pratiche) so the Pratiche report is not empty (issue 32 item 10).
  const iso = (d: Date) => format(d, "yyyy-MM-dd");
  await tx.execute(
    sql`INSERT INTO operatori_pratiche (operatore_id, tipo, stato, data_apertura, data_chiusura, note)
        SELECT o.id, p.tipo, p.stato, p.apertura::date, p.chiusura::date, p.note
          FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM operatori WHERE attivo AND NOT cessato) o
          JOIN (VALUES (1, 'rinnovo_decreto', 'in_corso', ${iso(addDays(today, -20))}, NULL, 'Domanda presentata in Prefettura'),
                       (2, 'malattia', 'aperta', ${iso(addDays(today, -3))}, NULL, 'Certificato medico ricevuto'),
                       (3, 'assunzione', 'chiusa', ${iso(addDays(today, -60))}, ${iso(addDays(today, -45))}, 'Comunicazione UNILAV inviata'))
               AS p(n, tipo, stato, apertura, chiusura, note) ON p.n = o.n`,
  );
}
