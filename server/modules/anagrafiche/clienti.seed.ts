/**
 * Demo clients (banks, malls, logistics, hospitals, event venues) with valid partite IVA, their
 * operating sites and contacts, and candidates across the pipeline. Coordinates are approximate
 * city-centre points so planning can rank operators by distance without a geocoder.
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
    ragione_sociale: "Cassa di Risparmio del Tirreno S.p.A.",
    base: "0136452049",
    sdi: "W7YVJK9",
    indirizzo: "Via Grande 45",
    cap: "57123",
    citta: "Livorno",
    prov: "LI",
    lat: 43.5505,
    lng: 10.3106,
    sedi: [
      {
        descrizione: "Sede legale",
        indirizzo: "Via Grande 45",
        cap: "57123",
        citta: "Livorno",
        prov: "LI",
        lat: 43.5505,
        lng: 10.3106,
      },
      {
        descrizione: "Filiale Pisa",
        indirizzo: "Corso Italia 90",
        cap: "56125",
        citta: "Pisa",
        prov: "PI",
        lat: 43.7128,
        lng: 10.4017,
      },
    ],
    contatti: [
      { nome: "Marco Lenzi", ruolo: "Facility manager", telefono: "0586 220 145", email: "m.lenzi@cariTirreno.it" },
    ],
  },
  {
    ragione_sociale: "Centro Commerciale Il Borgo S.r.l.",
    base: "1287364058",
    sdi: "SUBM70N",
    indirizzo: "Via Tiburtina 1200",
    cap: "00156",
    citta: "Roma",
    prov: "RM",
    lat: 41.9312,
    lng: 12.6013,
    note: "Antitaccheggio e vigilanza parcheggi, 7 giorni su 7.",
    sedi: [
      {
        descrizione: "Galleria commerciale",
        indirizzo: "Via Tiburtina 1200",
        cap: "00156",
        citta: "Roma",
        prov: "RM",
        lat: 41.9312,
        lng: 12.6013,
      },
      {
        descrizione: "Parcheggio multipiano",
        indirizzo: "Via Tiburtina 1210",
        cap: "00156",
        citta: "Roma",
        prov: "RM",
        lat: 41.9318,
        lng: 12.6031,
      },
    ],
    contatti: [
      {
        nome: "Federica Santoro",
        ruolo: "Direttrice del centro",
        telefono: "06 4120 3300",
        email: "direzione@ilborgo-roma.it",
      },
      {
        nome: "Daniele Proietti",
        ruolo: "Responsabile sicurezza",
        telefono: "+39 335 7788990",
        email: "sicurezza@ilborgo-roma.it",
      },
    ],
  },
  {
    ragione_sociale: "Galleria Porta Nuova Shopping S.r.l.",
    base: "1099821001",
    sdi: "USAL8PV",
    indirizzo: "Corso Vittorio Emanuele II 60",
    cap: "10121",
    citta: "Torino",
    prov: "TO",
    lat: 45.062,
    lng: 7.678,
    sedi: [
      {
        descrizione: "Galleria",
        indirizzo: "Corso Vittorio Emanuele II 60",
        cap: "10121",
        citta: "Torino",
        prov: "TO",
        lat: 45.062,
        lng: 7.678,
      },
    ],
    contatti: [
      {
        nome: "Chiara Gribaudo",
        ruolo: "Property manager",
        telefono: "011 562 7700",
        email: "c.gribaudo@portanuovashopping.it",
      },
    ],
  },
  {
    ragione_sociale: "Logistica Padana S.p.A.",
    base: "0922746033",
    sdi: "T04ZHR3",
    indirizzo: "Via Emilia Parmense 150",
    cap: "29122",
    citta: "Piacenza",
    prov: "PC",
    lat: 45.0405,
    lng: 9.7412,
    note: "Polo logistico: portierato 24/7 e ronde notturne.",
    sedi: [
      {
        descrizione: "Magazzino A – Le Mose",
        indirizzo: "Strada Dogana Po 2",
        cap: "29122",
        citta: "Piacenza",
        prov: "PC",
        lat: 45.0457,
        lng: 9.7408,
      },
      {
        descrizione: "Magazzino B – Castel San Giovanni",
        indirizzo: "Via I Maggio 20",
        cap: "29015",
        citta: "Castel San Giovanni",
        prov: "PC",
        lat: 45.0596,
        lng: 9.4343,
      },
    ],
    contatti: [
      {
        nome: "Stefano Rossetti",
        ruolo: "Responsabile di sito",
        telefono: "0523 610 400",
        email: "s.rossetti@logisticapadana.it",
      },
    ],
  },
  {
    ragione_sociale: "Interporto Campano Servizi S.r.l.",
    base: "0755310063",
    sdi: "5RUO82D",
    indirizzo: "Via Boscofangone snc",
    cap: "80035",
    citta: "Nola",
    prov: "NA",
    lat: 40.9653,
    lng: 14.5211,
    sedi: [
      {
        descrizione: "Varco principale",
        indirizzo: "Via Boscofangone snc",
        cap: "80035",
        citta: "Nola",
        prov: "NA",
        lat: 40.9653,
        lng: 14.5211,
      },
    ],
    contatti: [
      {
        nome: "Vincenzo Iovino",
        ruolo: "Security manager",
        telefono: "081 510 8800",
        email: "v.iovino@interportocampano.it",
      },
    ],
  },
  {
    ragione_sociale: "Casa di Cura Villa Serena S.r.l.",
    base: "0298471037",
    sdi: "M5UXCR1",
    indirizzo: "Via Toscana 30",
    cap: "40141",
    citta: "Bologna",
    prov: "BO",
    lat: 44.4735,
    lng: 11.3698,
    sedi: [
      {
        descrizione: "Struttura principale",
        indirizzo: "Via Toscana 30",
        cap: "40141",
        citta: "Bologna",
        prov: "BO",
        lat: 44.4735,
        lng: 11.3698,
      },
      {
        descrizione: "Poliambulatorio",
        indirizzo: "Via Mazzini 120",
        cap: "40138",
        citta: "Bologna",
        prov: "BO",
        lat: 44.4875,
        lng: 11.3686,
      },
    ],
    contatti: [
      {
        nome: "Dott.ssa Laura Bassi",
        ruolo: "Direzione sanitaria",
        telefono: "051 623 1111",
        email: "direzione@villaserena-bo.it",
      },
    ],
  },
  {
    ragione_sociale: "Ospedale Privato Santa Chiara S.p.A.",
    base: "0561237048",
    sdi: "0000000",
    indirizzo: "Viale Morgagni 85",
    cap: "50134",
    citta: "Firenze",
    prov: "FI",
    lat: 43.801,
    lng: 11.246,
    note: "Fatturazione via PEC.",
    sedi: [
      {
        descrizione: "Pronto soccorso",
        indirizzo: "Viale Morgagni 85",
        cap: "50134",
        citta: "Firenze",
        prov: "FI",
        lat: 43.801,
        lng: 11.246,
      },
    ],
    contatti: [
      {
        nome: "Giovanni Bartolini",
        ruolo: "Ufficio tecnico",
        telefono: "055 794 2000",
        email: "ufficiotecnico@santachiara-fi.it",
      },
    ],
  },
  {
    ragione_sociale: "Arena Eventi Verona S.r.l.",
    base: "0473128023",
    sdi: "J6URRTW",
    indirizzo: "Piazza Bra 1",
    cap: "37121",
    citta: "Verona",
    prov: "VR",
    lat: 45.439,
    lng: 10.9944,
    note: "Steward e controllo accessi per la stagione lirica e i concerti.",
    sedi: [
      {
        descrizione: "Arena – varchi 1-16",
        indirizzo: "Piazza Bra 1",
        cap: "37121",
        citta: "Verona",
        prov: "VR",
        lat: 45.439,
        lng: 10.9944,
      },
    ],
    contatti: [
      { nome: "Elisa Zanetti", ruolo: "Event manager", telefono: "045 800 5151", email: "e.zanetti@arenaeventi.it" },
      {
        nome: "Matteo Girelli",
        ruolo: "Responsabile biglietteria",
        telefono: "+39 347 2233445",
        email: "biglietteria@arenaeventi.it",
      },
    ],
  },
  {
    ragione_sociale: "Palazzo dei Congressi Riviera S.r.l.",
    base: "0388219099",
    sdi: "A4707H7",
    indirizzo: "Via della Fiera 23",
    cap: "47923",
    citta: "Rimini",
    prov: "RN",
    lat: 44.0527,
    lng: 12.5826,
    sedi: [
      {
        descrizione: "Padiglioni fieristici",
        indirizzo: "Via Emilia 155",
        cap: "47921",
        citta: "Rimini",
        prov: "RN",
        lat: 44.0722,
        lng: 12.5213,
      },
      {
        descrizione: "Palacongressi",
        indirizzo: "Via della Fiera 23",
        cap: "47923",
        citta: "Rimini",
        prov: "RN",
        lat: 44.0527,
        lng: 12.5826,
      },
    ],
    contatti: [
      {
        nome: "Roberta Semprini",
        ruolo: "Operations",
        telefono: "0541 744 000",
        email: "operations@congressiriviera.it",
      },
    ],
  },
  {
    ragione_sociale: "Stadio e Spettacoli Napoli S.r.l.",
    base: "0840016063",
    sdi: "BA6ET11",
    indirizzo: "Piazzale Vincenzo Tecchio",
    cap: "80125",
    citta: "Napoli",
    prov: "NA",
    lat: 40.828,
    lng: 14.193,
    sedi: [
      {
        descrizione: "Stadio – settore Curve",
        indirizzo: "Via Giambattista Marino 1",
        cap: "80125",
        citta: "Napoli",
        prov: "NA",
        lat: 40.828,
        lng: 14.193,
      },
    ],
    contatti: [
      {
        nome: "Salvatore Capasso",
        ruolo: "Delegato alla sicurezza",
        telefono: "081 239 5600",
        email: "sicurezza@stadiospettacoli.it",
      },
    ],
  },
  {
    ragione_sociale: "Porto Franco Trieste Terminal S.p.A.",
    base: "0105564032",
    sdi: "N92GLON",
    indirizzo: "Riva Traiana 1",
    cap: "34123",
    citta: "Trieste",
    prov: "TS",
    lat: 45.6405,
    lng: 13.7627,
    sedi: [
      {
        descrizione: "Molo VII – varco ISPS",
        indirizzo: "Riva Traiana 1",
        cap: "34123",
        citta: "Trieste",
        prov: "TS",
        lat: 45.6405,
        lng: 13.7627,
      },
    ],
    contatti: [
      {
        nome: "Andrea Sossi",
        ruolo: "Port facility security officer",
        telefono: "040 677 2200",
        email: "pfso@portofrancots.it",
      },
    ],
  },
  {
    ragione_sociale: "Supermercati Adriatici S.p.A.",
    base: "0612098068",
    sdi: "XIT6PSL",
    indirizzo: "Via Tiburtina Valeria 350",
    cap: "65128",
    citta: "Pescara",
    prov: "PE",
    lat: 42.4511,
    lng: 14.1812,
    sedi: [
      {
        descrizione: "Punto vendita Pescara Colli",
        indirizzo: "Via Colle Marino 50",
        cap: "65125",
        citta: "Pescara",
        prov: "PE",
        lat: 42.4541,
        lng: 14.1889,
      },
      {
        descrizione: "Punto vendita Chieti Scalo",
        indirizzo: "Via Erasmo Piaggio 12",
        cap: "66100",
        citta: "Chieti",
        prov: "CH",
        lat: 42.3667,
        lng: 14.1461,
      },
    ],
    contatti: [
      {
        nome: "Luca Di Giacomo",
        ruolo: "Loss prevention",
        telefono: "085 431 9900",
        email: "lossprevention@supermercatiadriatici.it",
      },
    ],
  },
  {
    ragione_sociale: "Banca Popolare Etnea Soc. Coop.",
    base: "0277315087",
    sdi: "E1QQ4IL",
    indirizzo: "Corso Italia 100",
    cap: "95129",
    citta: "Catania",
    prov: "CT",
    lat: 37.5115,
    lng: 15.0952,
    sedi: [
      {
        descrizione: "Sede centrale",
        indirizzo: "Corso Italia 100",
        cap: "95129",
        citta: "Catania",
        prov: "CT",
        lat: 37.5115,
        lng: 15.0952,
      },
      {
        descrizione: "Filiale Acireale",
        indirizzo: "Corso Umberto 44",
        cap: "95024",
        citta: "Acireale",
        prov: "CT",
        lat: 37.6126,
        lng: 15.1656,
      },
    ],
    contatti: [
      {
        nome: "Giuseppe Russo",
        ruolo: "Responsabile sicurezza",
        telefono: "095 727 1000",
        email: "g.russo@popolareetnea.it",
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
