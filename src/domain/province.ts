/**
 * The current Italian provinces and metropolitan cities (nome, sigla, regione, slug).
 *
 * 110 entries: the 107 of 2016–2024 with Sardinia reorganised in 2025 (regional law 9/2023 and
 * its 2025 decrees): Sud Sardegna (SU) is gone; Sardinia has the metropolitan cities of Cagliari
 * and Sassari and the provinces of Nuoro, Oristano, Gallura Nord-Est Sardegna (OT), Ogliastra
 * (OG), Medio Campidano (VS) and Sulcis Iglesiente (SU, the sigla kept by ISTAT for the south-west).
 * The server answers `GET /api/anagrafiche/province/` from this list.
 */

import type { ProvinciaApi } from "./contracts/anagrafiche/province";

export type TipoProvincia = "provincia" | "citta_metropolitana";

export interface Provincia {
  nome: string;
  sigla: string;
  regione: string;
  slug: string;
  tipo: TipoProvincia;
}

/** The shape of SPEC §3 Province, as the API answers it. */

/** "Forlì-Cesena" → "forli-cesena", "L'Aquila" → "l-aquila". */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

type Row = [sigla: string, nome: string, metropolitana?: boolean];

const BY_REGION: Record<string, Row[]> = {
  Piemonte: [
    ["AL", "Alessandria"],
    ["AT", "Asti"],
    ["BI", "Biella"],
    ["CN", "Cuneo"],
    ["NO", "Novara"],
    ["TO", "Torino", true],
    ["VB", "Verbano-Cusio-Ossola"],
    ["VC", "Vercelli"],
  ],
  "Valle d'Aosta": [["AO", "Aosta"]],
  Lombardia: [
    ["BG", "Bergamo"],
    ["BS", "Brescia"],
    ["CO", "Como"],
    ["CR", "Cremona"],
    ["LC", "Lecco"],
    ["LO", "Lodi"],
    ["MN", "Mantova"],
    ["MI", "Milano", true],
    ["MB", "Monza e Brianza"],
    ["PV", "Pavia"],
    ["SO", "Sondrio"],
    ["VA", "Varese"],
  ],
  "Trentino-Alto Adige": [
    ["BZ", "Bolzano"],
    ["TN", "Trento"],
  ],
  Veneto: [
    ["BL", "Belluno"],
    ["PD", "Padova"],
    ["RO", "Rovigo"],
    ["TV", "Treviso"],
    ["VE", "Venezia", true],
    ["VR", "Verona"],
    ["VI", "Vicenza"],
  ],
  "Friuli-Venezia Giulia": [
    ["GO", "Gorizia"],
    ["PN", "Pordenone"],
    ["TS", "Trieste"],
    ["UD", "Udine"],
  ],
  Liguria: [
    ["GE", "Genova", true],
    ["IM", "Imperia"],
    ["SP", "La Spezia"],
    ["SV", "Savona"],
  ],
  "Emilia-Romagna": [
    ["BO", "Bologna", true],
    ["FE", "Ferrara"],
    ["FC", "Forlì-Cesena"],
    ["MO", "Modena"],
    ["PR", "Parma"],
    ["PC", "Piacenza"],
    ["RA", "Ravenna"],
    ["RE", "Reggio Emilia"],
    ["RN", "Rimini"],
  ],
  Toscana: [
    ["AR", "Arezzo"],
    ["FI", "Firenze", true],
    ["GR", "Grosseto"],
    ["LI", "Livorno"],
    ["LU", "Lucca"],
    ["MS", "Massa-Carrara"],
    ["PI", "Pisa"],
    ["PT", "Pistoia"],
    ["PO", "Prato"],
    ["SI", "Siena"],
  ],
  Umbria: [
    ["PG", "Perugia"],
    ["TR", "Terni"],
  ],
  Marche: [
    ["AN", "Ancona"],
    ["AP", "Ascoli Piceno"],
    ["FM", "Fermo"],
    ["MC", "Macerata"],
    ["PU", "Pesaro e Urbino"],
  ],
  Lazio: [
    ["FR", "Frosinone"],
    ["LT", "Latina"],
    ["RI", "Rieti"],
    ["RM", "Roma", true],
    ["VT", "Viterbo"],
  ],
  Abruzzo: [
    ["CH", "Chieti"],
    ["AQ", "L'Aquila"],
    ["PE", "Pescara"],
    ["TE", "Teramo"],
  ],
  Molise: [
    ["CB", "Campobasso"],
    ["IS", "Isernia"],
  ],
  Campania: [
    ["AV", "Avellino"],
    ["BN", "Benevento"],
    ["CE", "Caserta"],
    ["NA", "Napoli", true],
    ["SA", "Salerno"],
  ],
  Puglia: [
    ["BA", "Bari", true],
    ["BT", "Barletta-Andria-Trani"],
    ["BR", "Brindisi"],
    ["FG", "Foggia"],
    ["LE", "Lecce"],
    ["TA", "Taranto"],
  ],
  Basilicata: [
    ["MT", "Matera"],
    ["PZ", "Potenza"],
  ],
  Calabria: [
    ["CZ", "Catanzaro"],
    ["CS", "Cosenza"],
    ["KR", "Crotone"],
    ["RC", "Reggio Calabria", true],
    ["VV", "Vibo Valentia"],
  ],
  Sicilia: [
    ["AG", "Agrigento"],
    ["CL", "Caltanissetta"],
    ["CT", "Catania", true],
    ["EN", "Enna"],
    ["ME", "Messina", true],
    ["PA", "Palermo", true],
    ["RG", "Ragusa"],
    ["SR", "Siracusa"],
    ["TP", "Trapani"],
  ],
  Sardegna: [
    ["CA", "Cagliari", true],
    ["SS", "Sassari", true],
    ["NU", "Nuoro"],
    ["OR", "Oristano"],
    ["OT", "Gallura Nord-Est Sardegna"],
    ["OG", "Ogliastra"],
    ["VS", "Medio Campidano"],
    ["SU", "Sulcis Iglesiente"],
  ],
};

/** Every current province, sorted by name as an Italian reads it. */
export const PROVINCE: readonly Provincia[] = Object.entries(BY_REGION)
  .flatMap(([regione, rows]) =>
    rows.map(([sigla, nome, metropolitana]) => ({
      nome,
      sigla,
      regione,
      slug: slugify(nome),
      tipo: (metropolitana ? "citta_metropolitana" : "provincia") as TipoProvincia,
    })),
  )
  .sort((a, b) => a.nome.localeCompare(b.nome, "it"));

export const REGIONI: readonly string[] = Object.keys(BY_REGION);

const BY_SIGLA: ReadonlyMap<string, Provincia> = new Map(PROVINCE.map((p) => [p.sigla, p]));

/** The province of a sigla ('rm' and ' RM ' work too), or undefined. */
export function provinciaBySigla(sigla: string | null | undefined): Provincia | undefined {
  if (!sigla) return undefined;
  return BY_SIGLA.get(sigla.trim().toUpperCase());
}

/** True for the sigla of a current province (case-insensitive). */
export function isProvinciaSigla(sigla: string | null | undefined): boolean {
  return provinciaBySigla(sigla) !== undefined;
}

/** The list in the API shape of SPEC §3: {name, abbr, slug}. */
export function provinceApi(): ProvinciaApi[] {
  return PROVINCE.map((p) => ({ name: p.nome, abbr: p.sigla, slug: p.slug }));
}
