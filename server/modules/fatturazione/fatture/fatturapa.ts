/**
 * FatturaPA 1.2.2 (Provvedimento AdE 30/04/2018 n. 89757 and its technical specifications; the
 * schema is test/server/fatturazione/xsd/Schema_del_file_xml_FatturaPA_v1.2.2.xsd, which every
 * generated file is validated against in the tests): the data an issue needs, checked first with an
 * Italian message naming the missing field, then the XML.
 *
 * - FPR12 to companies and people: CodiceDestinatario of 7 characters, or '0000000' with the PEC.
 * - FPA12 to public bodies: CodiceDestinatario = the IPA office code (6 characters); CIG and CUP in
 *   DatiContratto when the contract has them (art. 25 DL 66/2014).
 * - Split payment (art. 17-ter DPR 633/72): EsigibilitaIVA 'S'. An exemption: VAT 0 with its Natura.
 * - The file name: IT + the sender's P.IVA + '_' + a 5-character progressive (specifiche tecniche §2.2).
 */
import { isPartitaIvaValida } from "../../../../src/domain/partita-iva";

export interface Cedente {
  denominazione: string;
  partita_iva: string;
  codice_fiscale: string;
  regime_fiscale: string;
  indirizzo: string;
  numero_civico: string;
  cap: string;
  comune: string;
  provincia: string;
  rea_ufficio: string;
  rea_numero: string;
  capitale_sociale: string | null;
  socio_unico: string | null;
  iban: string;
  istituto_finanziario: string;
  giorni_pagamento: number;
  email: string;
  telefono: string;
}

export interface Cessionario {
  ragione_sociale: string;
  partita_iva: string;
  codice_fiscale: string;
  codice_sdi: string;
  pec: string;
  indirizzo: string;
  cap: string;
  citta: string;
  prov: string;
  pubblica_amministrazione: boolean;
}

export interface RigaXml {
  numero_linea: number;
  descrizione: string;
  quantita: string;
  prezzo_unitario: string;
  importo: string;
}

export interface DocumentoXml {
  tipo: "TD01" | "TD04";
  numero: string;
  data: string;
  progressivo: string;
  causale: string;
  aliquota_iva: string;
  natura: string | null;
  riferimento_normativo: string;
  esigibilita_iva: string;
  imponibile: string;
  imposta: string;
  totale: string;
  collegata: { numero: string; data: string } | null;
  contratti: { id: string; cig: string; cup: string }[];
  righe: RigaXml[];
}

/** Why the document cannot be issued, per field (Italian, naming the field); {} when it can. */
export function datiMancanti(c: Cedente, cl: Cessionario): Record<string, string> {
  const e: Record<string, string> = {};
  const az = "Impostazioni di fatturazione";
  if (!c.denominazione) e["azienda.denominazione"] = `${az}: manca la denominazione dell'azienda`;
  if (!isPartitaIvaValida(c.partita_iva))
    e["azienda.partita_iva"] = `${az}: manca la partita IVA dell'azienda (o non è valida)`;
  if (!c.indirizzo) e["azienda.indirizzo"] = `${az}: manca l'indirizzo della sede`;
  if (!/^\d{5}$/.test(c.cap)) e["azienda.cap"] = `${az}: manca il CAP della sede (5 cifre)`;
  if (!c.comune) e["azienda.comune"] = `${az}: manca il comune della sede`;
  if (!/^RF\d{2}$/.test(c.regime_fiscale)) e["azienda.regime_fiscale"] = `${az}: manca il regime fiscale (RF01…RF19)`;
  if (c.rea_numero && !/^[A-Z]{2}$/.test(c.rea_ufficio))
    e["azienda.rea_ufficio"] = `${az}: manca la provincia dell'ufficio REA`;
  const chi = `Cliente «${cl.ragione_sociale}»`;
  const sdi = cl.codice_sdi.trim().toUpperCase();
  if (cl.pubblica_amministrazione) {
    if (!/^[A-Z0-9]{6}$/.test(sdi))
      e["cliente.codice_sdi"] =
        `${chi}: manca il codice destinatario (codice univoco ufficio IPA di 6 caratteri), obbligatorio per la pubblica amministrazione`;
  } else if (!/^[A-Z0-9]{7}$/.test(sdi) && !cl.pec.trim())
    e["cliente.codice_sdi"] = `${chi}: manca il codice destinatario (7 caratteri) o la PEC`;
  if (!cl.partita_iva.trim() && !cl.codice_fiscale.trim())
    e["cliente.partita_iva"] = `${chi}: manca la partita IVA o il codice fiscale`;
  if (!cl.indirizzo.trim()) e["cliente.indirizzo"] = `${chi}: manca l'indirizzo`;
  if (!/^\d{5}$/.test(cl.cap.trim())) e["cliente.cap"] = `${chi}: manca il CAP (5 cifre)`;
  if (!cl.citta.trim()) e["cliente.citta"] = `${chi}: manca il comune`;
  return e;
}

/** Text of the Latin types (String…LatinType: Basic Latin and Latin-1 Supplement), escaped for XML. */
function latin(s: string, max: number): string {
  const t = s
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/…/g, "...")
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?")
    .trim()
    .slice(0, max);
  return esc(t);
}
/** Text of the Basic Latin types (String…Type). */
const ascii = (s: string, max: number) =>
  esc(
    s
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .trim()
      .slice(0, max),
  );
const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

const el = (name: string, value: string | null | undefined) =>
  value === null || value === undefined || value === "" ? "" : `<${name}>${value}</${name}>`;

/** A quantity as the schema wants it: 2 to 8 decimals. */
export function quantitaXml(q: string): string {
  const [i, d = ""] = q.split(".");
  const dec = d.replace(/0+$/, "").padEnd(2, "0");
  return `${i}.${dec}`;
}

/** The SdI file name: IT + P.IVA + '_' + progressive (5 characters, base 36). */
export function nomeFileSdi(partitaIva: string, progressivo: number): string {
  return `IT${partitaIva}_${progressivoSdi(progressivo)}.xml`;
}
export const progressivoSdi = (n: number) => n.toString(36).toUpperCase().padStart(5, "0");

/** Due date: the document's date plus the days of the company's terms. */
function scadenza(data: string, giorni: number): string {
  const d = new Date(`${data}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + giorni);
  return d.toISOString().slice(0, 10);
}

export function fatturaPaXml(c: Cedente, cl: Cessionario, doc: DocumentoXml): string {
  const formato = cl.pubblica_amministrazione ? "FPA12" : "FPR12";
  const sdi = cl.codice_sdi.trim().toUpperCase();
  const codiceDestinatario = cl.pubblica_amministrazione ? sdi : /^[A-Z0-9]{7}$/.test(sdi) ? sdi : "0000000";
  const pec = !cl.pubblica_amministrazione && codiceDestinatario === "0000000" ? cl.pec.trim() : "";
  const piva = cl.partita_iva.replace(/\s/g, "").toUpperCase();
  const clPiva = piva.replace(/^IT/, "");
  const rea = c.rea_numero
    ? `<IscrizioneREA>${el("Ufficio", c.rea_ufficio)}${el("NumeroREA", ascii(c.rea_numero, 20))}${el("CapitaleSociale", c.capitale_sociale)}${el("SocioUnico", c.socio_unico)}<StatoLiquidazione>LN</StatoLiquidazione></IscrizioneREA>`
    : "";
  const contatti =
    c.telefono || c.email
      ? `<Contatti>${el("Telefono", ascii(c.telefono, 12))}${el("Email", esc(c.email))}</Contatti>`
      : "";
  const natura = doc.natura ? el("Natura", doc.natura) : "";
  const righe = doc.righe
    .map(
      (r) =>
        `<DettaglioLinee><NumeroLinea>${r.numero_linea}</NumeroLinea><Descrizione>${latin(r.descrizione, 1000)}</Descrizione>` +
        `<Quantita>${quantitaXml(r.quantita)}</Quantita><UnitaMisura>ore</UnitaMisura>` +
        `<PrezzoUnitario>${r.prezzo_unitario}</PrezzoUnitario><PrezzoTotale>${r.importo}</PrezzoTotale>` +
        `<AliquotaIVA>${doc.aliquota_iva}</AliquotaIVA>${natura}</DettaglioLinee>`,
    )
    .join("");
  const contratti = doc.contratti
    .map(
      (k) =>
        `<DatiContratto><IdDocumento>${ascii(k.id, 20)}</IdDocumento>${el("CodiceCUP", ascii(k.cup, 15))}${el("CodiceCIG", ascii(k.cig, 15))}</DatiContratto>`,
    )
    .join("");
  const collegata = doc.collegata
    ? `<DatiFattureCollegate><IdDocumento>${ascii(doc.collegata.numero, 20)}</IdDocumento><Data>${doc.collegata.data}</Data></DatiFattureCollegate>`
    : "";
  const pagamento = c.iban
    ? `<DatiPagamento><CondizioniPagamento>TP02</CondizioniPagamento><DettaglioPagamento><ModalitaPagamento>MP05</ModalitaPagamento>` +
      `<DataScadenzaPagamento>${scadenza(doc.data, c.giorni_pagamento)}</DataScadenzaPagamento><ImportoPagamento>${doc.esigibilita_iva === "S" ? doc.imponibile : doc.totale}</ImportoPagamento>` +
      `${el("IstitutoFinanziario", latin(c.istituto_finanziario, 80))}<IBAN>${ascii(c.iban.replace(/\s/g, ""), 34)}</IBAN></DettaglioPagamento></DatiPagamento>`
    : "";
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<p:FatturaElettronica versione="${formato}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" ` +
    `xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<FatturaElettronicaHeader><DatiTrasmissione><IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>${c.partita_iva}</IdCodice></IdTrasmittente>` +
    `<ProgressivoInvio>${doc.progressivo}</ProgressivoInvio><FormatoTrasmissione>${formato}</FormatoTrasmissione>` +
    `<CodiceDestinatario>${codiceDestinatario}</CodiceDestinatario>${el("PECDestinatario", esc(pec))}</DatiTrasmissione>` +
    `<CedentePrestatore><DatiAnagrafici><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${c.partita_iva}</IdCodice></IdFiscaleIVA>` +
    `${el("CodiceFiscale", ascii(c.codice_fiscale.toUpperCase(), 16))}<Anagrafica><Denominazione>${latin(c.denominazione, 80)}</Denominazione></Anagrafica>` +
    `<RegimeFiscale>${c.regime_fiscale}</RegimeFiscale></DatiAnagrafici>` +
    `<Sede><Indirizzo>${latin(c.indirizzo, 60)}</Indirizzo>${el("NumeroCivico", ascii(c.numero_civico, 8))}<CAP>${c.cap}</CAP>` +
    `<Comune>${latin(c.comune, 60)}</Comune>${el("Provincia", /^[A-Z]{2}$/.test(c.provincia) ? c.provincia : "")}<Nazione>IT</Nazione></Sede>` +
    `${rea}${contatti}</CedentePrestatore>` +
    `<CessionarioCommittente><DatiAnagrafici>` +
    (clPiva ? `<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${ascii(clPiva, 28)}</IdCodice></IdFiscaleIVA>` : "") +
    `${el("CodiceFiscale", ascii(cl.codice_fiscale.toUpperCase(), 16))}<Anagrafica><Denominazione>${latin(cl.ragione_sociale, 80)}</Denominazione></Anagrafica></DatiAnagrafici>` +
    `<Sede><Indirizzo>${latin(cl.indirizzo, 60)}</Indirizzo><CAP>${cl.cap.trim()}</CAP><Comune>${latin(cl.citta, 60)}</Comune>` +
    `${el("Provincia", /^[A-Z]{2}$/.test(cl.prov.toUpperCase()) ? cl.prov.toUpperCase() : "")}<Nazione>IT</Nazione></Sede></CessionarioCommittente>` +
    `</FatturaElettronicaHeader>` +
    `<FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento><TipoDocumento>${doc.tipo}</TipoDocumento><Divisa>EUR</Divisa>` +
    `<Data>${doc.data}</Data><Numero>${ascii(doc.numero, 20)}</Numero><ImportoTotaleDocumento>${doc.totale}</ImportoTotaleDocumento>` +
    `<Causale>${latin(doc.causale, 200)}</Causale></DatiGeneraliDocumento>${contratti}${collegata}</DatiGenerali>` +
    `<DatiBeniServizi>${righe}<DatiRiepilogo><AliquotaIVA>${doc.aliquota_iva}</AliquotaIVA>${natura}` +
    `<ImponibileImporto>${doc.imponibile}</ImponibileImporto><Imposta>${doc.imposta}</Imposta>` +
    `${doc.natura ? "" : `<EsigibilitaIVA>${doc.esigibilita_iva}</EsigibilitaIVA>`}` +
    `${el("RiferimentoNormativo", doc.natura ? latin(doc.riferimento_normativo || "Operazione non soggetta", 100) : "")}` +
    `</DatiRiepilogo></DatiBeniServizi>${pagamento}</FatturaElettronicaBody></p:FatturaElettronica>\n`
  );
}
