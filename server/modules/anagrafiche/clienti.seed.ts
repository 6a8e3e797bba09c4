/**
 * Demo clients (banks, malls, logistics, hospitals, event venues) with valid partite IVA, their
 * operating sites and contacts, and candidates across the pipeline. The company works in Lombardy
 * (issue 15 item 5): every client's sites are in Milan and the towns around it (the farthest,
 * Como, Bergamo and Treviglio, within ~50 km), so the operators, who live there too, are mostly a
 * few kilometres from where they work. Coordinates are approximate points so planning can rank
 * operators by distance without a geocoder.
 */
import { withPartitaIvaCheckDigit } from "../../../src/domain/partita-iva";
import {
  candidati,
  candidatiPosizioni,
  clienti,
  clientiContatti,
  clientiSedi,
} from "../../db/schema/anagrafiche-clienti";
import type { SeedContext } from "../../seed/demo";

interface DemoSede {
  descrizione: string;
  indirizzo: string;
  cap: string;
  citta: string;
  prov: string;
  lat: number;
  lng: number;
}

interface DemoCliente {
  ragione_sociale: string;
  /** 7-digit taxpayer number and the 3-digit office code; the check digit is computed. */
  base: string;
  sdi: string;
  indirizzo: string;
  cap: string;
  citta: string;
  prov: string;
  lat: number;
  lng: number;
  attivo?: boolean;
  note?: string;
  sedi: DemoSede[];
  contatti: { nome: string; ruolo: string; telefono: string; email: string }[];
}

const CLIENTI: DemoCliente[] = [
  {
    ragione_sociale: "Banca Credito Lombardo S.p.A.",
    base: "0418273015",
    sdi: "KRRH6B9",
    indirizzo: "Piazza Cordusio 2",
    cap: "20123",
    citta: "Milano",
    prov: "MI",
    lat: 45.4654,
    lng: 9.1866,
    note: "Piantonamento filiali e trasporto valori.",
    sedi: [
      {
        descrizione: "Sede centrale",
        indirizzo: "Piazza Cordusio 2",
        cap: "20123",
        citta: "Milano",
        prov: "MI",
        lat: 45.4654,
        lng: 9.1866,
      },
      {
        descrizione: "Filiale Monza",
        indirizzo: "Via Italia 18",
        cap: "20900",
        citta: "Monza",
        prov: "MB",
        lat: 45.5845,
        lng: 9.2744,
      },
      {
        descrizione: "Centro elaborazione dati",
        indirizzo: "Via Cassanese 210",
        cap: "20054",
        citta: "Segrate",
        prov: "MI",
        lat: 45.4883,
        lng: 9.2947,
      },
    ],
    contatti: [
      {
        nome: "Paolo Brambilla",
        ruolo: "Responsabile sicurezza",
        telefono: "02 7265 1100",
        email: "p.brambilla@creditolombardo.it",
      },
      {
        nome: "Silvia Ferrario",
        ruolo: "Ufficio acquisti",
        telefono: "02 7265 1180",
        email: "acquisti@creditolombardo.it",
      },
    ],
  },
  {
    ragione_sociale: "Cassa di Risparmio Pavese S.p.A.",
    base: "0136452049",
    sdi: "W7YVJK9",
    indirizzo: "Strada Nuova 61",
    cap: "27100",
    citta: "Pavia",
    prov: "PV",
    lat: 45.1867,
    lng: 9.1557,
    sedi: [
      {
        descrizione: "Sede legale",
        indirizzo: "Strada Nuova 61",
        cap: "27100",
        citta: "Pavia",
        prov: "PV",
        lat: 45.1867,
        lng: 9.1557,
      },
      {
        descrizione: "Filiale Vigevano",
        indirizzo: "Corso Cavour 32",
        cap: "27029",
        citta: "Vigevano",
        prov: "PV",
        lat: 45.3164,
        lng: 8.8581,
      },
    ],
    contatti: [
      { nome: "Marco Lenzi", ruolo: "Facility manager", telefono: "0382 220 145", email: "m.lenzi@caripavese.it" },
    ],
  },
  {
    ragione_sociale: "Centro Commerciale Il Borgo S.r.l.",
    base: "1287364058",
    sdi: "SUBM70N",
    indirizzo: "Viale Gramsci 120",
    cap: "20099",
    citta: "Sesto San Giovanni",
    prov: "MI",
    lat: 45.5366,
    lng: 9.2311,
    note: "Antitaccheggio e vigilanza parcheggi, 7 giorni su 7.",
    sedi: [
      {
        descrizione: "Galleria commerciale",
        indirizzo: "Viale Gramsci 120",
        cap: "20099",
        citta: "Sesto San Giovanni",
        prov: "MI",
        lat: 45.5366,
        lng: 9.2311,
      },
      {
        descrizione: "Parcheggio multipiano",
        indirizzo: "Viale Gramsci 130",
        cap: "20099",
        citta: "Sesto San Giovanni",
        prov: "MI",
        lat: 45.5372,
        lng: 9.233,
      },
    ],
    contatti: [
      {
        nome: "Federica Santoro",
        ruolo: "Direttrice del centro",
        telefono: "02 2412 3300",
        email: "direzione@ilborgo-sesto.it",
      },
      {
        nome: "Daniele Proietti",
        ruolo: "Responsabile sicurezza",
        telefono: "+39 335 7788990",
        email: "sicurezza@ilborgo-sesto.it",
      },
    ],
  },
  {
    ragione_sociale: "Galleria Porta Nuova Shopping S.r.l.",
    base: "1099821001",
    sdi: "USAL8PV",
    indirizzo: "Piazza Gae Aulenti 4",
    cap: "20124",
    citta: "Milano",
    prov: "MI",
    lat: 45.4836,
    lng: 9.1897,
    sedi: [
      {
        descrizione: "Galleria",
        indirizzo: "Piazza Gae Aulenti 4",
        cap: "20124",
        citta: "Milano",
        prov: "MI",
        lat: 45.4836,
        lng: 9.1897,
      },
    ],
    contatti: [
      {
        nome: "Chiara Gribaudo",
        ruolo: "Property manager",
        telefono: "02 6379 7700",
        email: "c.gribaudo@portanuovashopping.it",
      },
    ],
  },
  {
    ragione_sociale: "Logistica Padana S.p.A.",
    base: "0922746033",
    sdi: "T04ZHR3",
    indirizzo: "Via Emilia 150",
    cap: "26900",
    citta: "Lodi",
    prov: "LO",
    lat: 45.3097,
    lng: 9.5037,
    note: "Polo logistico: portierato 24/7 e ronde notturne.",
    sedi: [
      {
        descrizione: "Magazzino A – Lodi San Grato",
        indirizzo: "Via San Grato 2",
        cap: "26900",
        citta: "Lodi",
        prov: "LO",
        lat: 45.313,
        lng: 9.4905,
      },
      {
        descrizione: "Magazzino B – Casalpusterlengo",
        indirizzo: "Via I Maggio 20",
        cap: "26841",
        citta: "Casalpusterlengo",
        prov: "LO",
        lat: 45.1783,
        lng: 9.6486,
      },
    ],
    contatti: [
      {
        nome: "Stefano Rossetti",
        ruolo: "Responsabile di sito",
        telefono: "0371 610 400",
        email: "s.rossetti@logisticapadana.it",
      },
    ],
  },
  {
    ragione_sociale: "Interporto Milano Ovest Servizi S.r.l.",
    base: "0755310063",
    sdi: "5RUO82D",
    indirizzo: "Via Sempione 300",
    cap: "20017",
    citta: "Rho",
    prov: "MI",
    lat: 45.5286,
    lng: 9.0401,
    sedi: [
      {
        descrizione: "Varco principale",
        indirizzo: "Via Sempione 300",
        cap: "20017",
        citta: "Rho",
        prov: "MI",
        lat: 45.5286,
        lng: 9.0401,
      },
    ],
    contatti: [
      {
        nome: "Vincenzo Iovino",
        ruolo: "Security manager",
        telefono: "02 9310 8800",
        email: "v.iovino@interportomilanoovest.it",
      },
    ],
  },
  {
    ragione_sociale: "Casa di Cura Villa Serena S.r.l.",
    base: "0298471037",
    sdi: "M5UXCR1",
    indirizzo: "Via Lecco 30",
    cap: "20900",
    citta: "Monza",
    prov: "MB",
    lat: 45.59,
    lng: 9.28,
    sedi: [
      {
        descrizione: "Struttura principale",
        indirizzo: "Via Lecco 30",
        cap: "20900",
        citta: "Monza",
        prov: "MB",
        lat: 45.59,
        lng: 9.28,
      },
      {
        descrizione: "Poliambulatorio",
        indirizzo: "Via Borgazzi 120",
        cap: "20900",
        citta: "Monza",
        prov: "MB",
        lat: 45.5752,
        lng: 9.2869,
      },
    ],
    contatti: [
      {
        nome: "Dott.ssa Laura Bassi",
        ruolo: "Direzione sanitaria",
        telefono: "039 623 1111",
        email: "direzione@villaserena-monza.it",
      },
    ],
  },
  {
    ragione_sociale: "Ospedale Privato Santa Chiara S.p.A.",
    base: "0561237048",
    sdi: "0000000",
    indirizzo: "Via Borgo Palazzo 85",
    cap: "24125",
    citta: "Bergamo",
    prov: "BG",
    lat: 45.693,
    lng: 9.689,
    note: "Fatturazione via PEC.",
    sedi: [
      {
        descrizione: "Pronto soccorso",
        indirizzo: "Via Borgo Palazzo 85",
        cap: "24125",
        citta: "Bergamo",
        prov: "BG",
        lat: 45.693,
        lng: 9.689,
      },
    ],
    contatti: [
      {
        nome: "Giovanni Bartolini",
        ruolo: "Ufficio tecnico",
        telefono: "035 794 2000",
        email: "ufficiotecnico@santachiara-bg.it",
      },
    ],
  },
  {
    ragione_sociale: "Forum Eventi Assago S.r.l.",
    base: "0473128023",
    sdi: "J6URRTW",
    indirizzo: "Via Giuseppe Di Vittorio 6",
    cap: "20057",
    citta: "Assago",
    prov: "MI",
    lat: 45.4066,
    lng: 9.1364,
    note: "Steward e controllo accessi per concerti ed eventi sportivi.",
    sedi: [
      {
        descrizione: "Forum – varchi 1-16",
        indirizzo: "Via Giuseppe Di Vittorio 6",
        cap: "20057",
        citta: "Assago",
        prov: "MI",
        lat: 45.4066,
        lng: 9.1364,
      },
    ],
    contatti: [
      { nome: "Elisa Zanetti", ruolo: "Event manager", telefono: "02 4885 5151", email: "e.zanetti@forumeventi.it" },
      {
        nome: "Matteo Girelli",
        ruolo: "Responsabile biglietteria",
        telefono: "+39 347 2233445",
        email: "biglietteria@forumeventi.it",
      },
    ],
  },
  {
    ragione_sociale: "Palazzo dei Congressi Lario S.r.l.",
    base: "0388219099",
    sdi: "A4707H7",
    indirizzo: "Via Borgo Vico 193",
    cap: "22100",
    citta: "Como",
    prov: "CO",
    lat: 45.8193,
    lng: 9.0736,
    sedi: [
      {
        descrizione: "Padiglioni fieristici",
        indirizzo: "Viale Innocenzo XI 70",
        cap: "22100",
        citta: "Como",
        prov: "CO",
        lat: 45.8081,
        lng: 9.0852,
      },
      {
        descrizione: "Palacongressi",
        indirizzo: "Via Borgo Vico 193",
        cap: "22100",
        citta: "Como",
        prov: "CO",
        lat: 45.8193,
        lng: 9.0736,
      },
    ],
    contatti: [
      {
        nome: "Roberta Semprini",
        ruolo: "Operations",
        telefono: "031 744 000",
        email: "operations@congressilario.it",
      },
    ],
  },
  {
    ragione_sociale: "Stadio e Spettacoli Milano S.r.l.",
    base: "0840016063",
    sdi: "BA6ET11",
    indirizzo: "Piazzale Angelo Moratti",
    cap: "20151",
    citta: "Milano",
    prov: "MI",
    lat: 45.4781,
    lng: 9.124,
    sedi: [
      {
        descrizione: "Stadio – settore Curve",
        indirizzo: "Via dei Piccolomini 5",
        cap: "20151",
        citta: "Milano",
        prov: "MI",
        lat: 45.4781,
        lng: 9.124,
      },
    ],
    contatti: [
      {
        nome: "Salvatore Capasso",
        ruolo: "Delegato alla sicurezza",
        telefono: "02 4870 5600",
        email: "sicurezza@stadiospettacoli.it",
      },
    ],
  },
  {
    ragione_sociale: "Terminal Merci Linate S.p.A.",
    base: "0105564032",
    sdi: "N92GLON",
    indirizzo: "Via Forlanini 121",
    cap: "20068",
    citta: "Peschiera Borromeo",
    prov: "MI",
    lat: 45.4461,
    lng: 9.3114,
    sedi: [
      {
        descrizione: "Magazzino cargo – varco doganale",
        indirizzo: "Via Forlanini 121",
        cap: "20068",
        citta: "Peschiera Borromeo",
        prov: "MI",
        lat: 45.4461,
        lng: 9.3114,
      },
    ],
    contatti: [
      {
        nome: "Andrea Sossi",
        ruolo: "Port facility security officer",
        telefono: "02 7020 2200",
        email: "security@terminalmercilinate.it",
      },
    ],
  },
  {
    ragione_sociale: "Supermercati Brianzoli S.p.A.",
    base: "0612098068",
    sdi: "XIT6PSL",
    indirizzo: "Via Valassina 350",
    cap: "20851",
    citta: "Lissone",
    prov: "MB",
    lat: 45.6136,
    lng: 9.2436,
    sedi: [
      {
        descrizione: "Punto vendita Lissone",
        indirizzo: "Via Carducci 50",
        cap: "20851",
        citta: "Lissone",
        prov: "MB",
        lat: 45.61,
        lng: 9.241,
      },
      {
        descrizione: "Punto vendita Desio",
        indirizzo: "Via Milano 12",
        cap: "20832",
        citta: "Desio",
        prov: "MB",
        lat: 45.6186,
        lng: 9.2066,
      },
    ],
    contatti: [
      {
        nome: "Luca Di Giacomo",
        ruolo: "Loss prevention",
        telefono: "039 431 9900",
        email: "lossprevention@supermercatibrianzoli.it",
      },
    ],
  },
  {
    ragione_sociale: "Banca Popolare dell'Adda Soc. Coop.",
    base: "0277315087",
    sdi: "E1QQ4IL",
    indirizzo: "Viale Piave 10",
    cap: "24047",
    citta: "Treviglio",
    prov: "BG",
    lat: 45.5216,
    lng: 9.5929,
    sedi: [
      {
        descrizione: "Sede centrale",
        indirizzo: "Viale Piave 10",
        cap: "24047",
        citta: "Treviglio",
        prov: "BG",
        lat: 45.5216,
        lng: 9.5929,
      },
      {
        descrizione: "Filiale Cassano d'Adda",
        indirizzo: "Via Vittorio Veneto 44",
        cap: "20062",
        citta: "Cassano d'Adda",
        prov: "MI",
        lat: 45.5262,
        lng: 9.5166,
      },
    ],
    contatti: [
      {
        nome: "Giuseppe Russo",
        ruolo: "Responsabile sicurezza",
        telefono: "0363 727 1000",
        email: "g.russo@popolareadda.it",
      },
    ],
  },
  {
    ragione_sociale: "Business Park Milano Est S.r.l.",
    base: "0930071015",
    sdi: "KRRH6B9",
    indirizzo: "Via Rivoltana 13",
    cap: "20090",
    citta: "Segrate",
    prov: "MI",
    lat: 45.4722,
    lng: 9.3023,
    attivo: false,
    note: "Contratto concluso a fine anno; cliente disattivato.",
    sedi: [],
    contatti: [],
  },
];

type Stato = "nuovo" | "in_valutazione" | "colloquio" | "idoneo" | "scartato";

const CANDIDATI: {
  nome: string;
  cognome: string;
  sesso: "M" | "F";
  nascita: string;
  citta: string;
  prov: string;
  stato: Stato;
  posizioni: number[];
  giorni: number[];
  notti: boolean;
  trasferte: boolean;
  valutazione?: number;
  origine: "form" | "manuale";
  giorniFa: number;
  note?: string;
}[] = [
  {
    nome: "Alessandro",
    cognome: "Marchetti",
    sesso: "M",
    nascita: "1994-04-12",
    citta: "Milano",
    prov: "MI",
    stato: "nuovo",
    posizioni: [2, 3],
    giorni: [1, 2, 3, 4, 5],
    notti: true,
    trasferte: false,
    origine: "form",
    giorniFa: 1,
  },
  {
    nome: "Francesca",
    cognome: "Galli",
    sesso: "F",
    nascita: "1999-09-03",
    citta: "Monza",
    prov: "MB",
    stato: "nuovo",
    posizioni: [5],
    giorni: [5, 6, 7],
    notti: false,
    trasferte: true,
    origine: "form",
    giorniFa: 2,
  },
  {
    nome: "Davide",
    cognome: "Conti",
    sesso: "M",
    nascita: "1988-01-27",
    citta: "Roma",
    prov: "RM",
    stato: "nuovo",
    posizioni: [1, 2],
    giorni: [1, 2, 3, 4, 5, 6, 7],
    notti: true,
    trasferte: true,
    origine: "form",
    giorniFa: 3,
  },
  {
    nome: "Sara",
    cognome: "Moretti",
    sesso: "F",
    nascita: "1992-06-18",
    citta: "Torino",
    prov: "TO",
    stato: "nuovo",
    posizioni: [4],
    giorni: [1, 2, 3, 4, 5],
    notti: false,
    trasferte: false,
    origine: "manuale",
    giorniFa: 4,
  },
  {
    nome: "Antonio",
    cognome: "Romano",
    sesso: "M",
    nascita: "1985-12-05",
    citta: "Napoli",
    prov: "NA",
    stato: "in_valutazione",
    posizioni: [2, 8],
    giorni: [1, 2, 3, 4, 5, 6],
    notti: true,
    trasferte: false,
    origine: "form",
    giorniFa: 8,
    note: "Esperienza decennale come GPG in istituto di credito.",
  },
  {
    nome: "Giulia",
    cognome: "Ricci",
    sesso: "F",
    nascita: "1997-02-22",
    citta: "Bologna",
    prov: "BO",
    stato: "in_valutazione",
    posizioni: [3, 4],
    giorni: [1, 3, 5],
    notti: false,
    trasferte: false,
    origine: "form",
    giorniFa: 10,
  },
  {
    nome: "Matteo",
    cognome: "Fontana",
    sesso: "M",
    nascita: "1990-08-30",
    citta: "Verona",
    prov: "VR",
    stato: "colloquio",
    posizioni: [5, 6],
    giorni: [5, 6, 7],
    notti: true,
    trasferte: true,
    valutazione: 3,
    origine: "form",
    giorniFa: 15,
    note: "Colloquio fissato per giovedì alle 10:00.",
  },
  {
    nome: "Elena",
    cognome: "Lombardi",
    sesso: "F",
    nascita: "1993-11-14",
    citta: "Firenze",
    prov: "FI",
    stato: "colloquio",
    posizioni: [7],
    giorni: [1, 2, 3, 4, 5],
    notti: true,
    trasferte: false,
    valutazione: 4,
    origine: "manuale",
    giorniFa: 18,
  },
  {
    nome: "Salvatore",
    cognome: "Greco",
    sesso: "M",
    nascita: "1987-05-09",
    citta: "Catania",
    prov: "CT",
    stato: "idoneo",
    posizioni: [1, 2, 9],
    giorni: [1, 2, 3, 4, 5, 6, 7],
    notti: true,
    trasferte: true,
    valutazione: 5,
    origine: "form",
    giorniFa: 25,
    note: "Decreto GPG e porto d'armi in corso di validità.",
  },
  {
    nome: "Chiara",
    cognome: "Barbieri",
    sesso: "F",
    nascita: "1995-03-01",
    citta: "Rimini",
    prov: "RN",
    stato: "idoneo",
    posizioni: [5],
    giorni: [5, 6, 7],
    notti: false,
    trasferte: true,
    valutazione: 4,
    origine: "form",
    giorniFa: 30,
  },
  {
    nome: "Luca",
    cognome: "Mancini",
    sesso: "M",
    nascita: "2001-07-19",
    citta: "Pescara",
    prov: "PE",
    stato: "scartato",
    posizioni: [6],
    giorni: [6, 7],
    notti: false,
    trasferte: false,
    valutazione: 1,
    origine: "form",
    giorniFa: 40,
    note: "Disponibilità insufficiente.",
  },
  {
    nome: "Valentina",
    cognome: "Costa",
    sesso: "F",
    nascita: "1991-10-25",
    citta: "Livorno",
    prov: "LI",
    stato: "scartato",
    posizioni: [3],
    giorni: [1, 2],
    notti: false,
    trasferte: false,
    valutazione: 2,
    origine: "manuale",
    giorniFa: 45,
  },
];

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z]+/g, "");

export async function seedDemoClienti({ tx, today }: SeedContext): Promise<void> {
  for (const c of CLIENTI) {
    const partitaIva = withPartitaIvaCheckDigit(c.base);
    const domain = `${slug(c.ragione_sociale.replace(/\s+S\.(p\.A|r\.l)\.$/, ""))}.it`;
    const [row] = await tx
      .insert(clienti)
      .values({
        ragioneSociale: c.ragione_sociale,
        partitaIva,
        codiceFiscale: partitaIva,
        codiceSdi: c.sdi,
        pec: `amministrazione@pec.${domain}`,
        email: `info@${domain}`,
        telefono: c.contatti[0]?.telefono ?? "",
        indirizzo: c.indirizzo,
        cap: c.cap,
        citta: c.citta,
        prov: c.prov,
        lat: c.lat,
        lng: c.lng,
        note: c.note ?? "",
        attivo: c.attivo ?? true,
      })
      .returning({ id: clienti.id });
    if (c.sedi.length) await tx.insert(clientiSedi).values(c.sedi.map((s) => ({ ...s, clienteId: row.id })));
    if (c.contatti.length) {
      await tx
        .insert(clientiContatti)
        .values(c.contatti.map((k) => ({ ...k, email: k.email.toLowerCase(), clienteId: row.id })));
    }
  }

  for (const [i, k] of CANDIDATI.entries()) {
    const received = new Date(today.getTime() - k.giorniFa * 86_400_000);
    const [row] = await tx
      .insert(candidati)
      .values({
        nome: k.nome,
        cognome: k.cognome,
        sesso: k.sesso,
        dataNascita: k.nascita,
        email: `${slug(k.nome)}.${slug(k.cognome)}@example.it`,
        cellulare: `+39 3${String(40 + i).padStart(2, "0")} ${String(1000000 + i * 7919).slice(0, 7)}`,
        citta: k.citta,
        prov: k.prov,
        giorniDisponibili: k.giorni,
        turniNotturni: k.notti,
        trasferte: k.trasferte,
        stato: k.stato,
        valutazione: k.valutazione ?? null,
        note: k.note ?? "",
        messaggio: k.origine === "form" ? "Sono interessato/a a lavorare con voi, disponibile da subito." : "",
        origine: k.origine,
        privacyAccettataIl: k.origine === "form" ? received : null,
        ip: k.origine === "form" ? "203.0.113.10" : null,
        createdAt: received,
        updatedAt: received,
      })
      .returning({ id: candidati.id });
    await tx
      .insert(candidatiPosizioni)
      .values(k.posizioni.map((posizioneId) => ({ candidatoId: row.id, posizioneId })));
  }
}
