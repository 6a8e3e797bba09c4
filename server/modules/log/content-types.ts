/** The Italian names of the audit trail's content types (the 'Tipo di Log' select). */
export const CONTENT_TYPE_LABELS: Record<string, string> = {
  utente: "Utente",
  operatore: "Operatore",
  cliente: "Cliente",
  candidato: "Candidato",
  contratto: "Contratto",
  servizio: "Servizio",
  giorno: "Giorno",
  turno: "Turno",
  auto_assegnazione: "Assegnazione automatica",
  evento: "Evento",
  utente_cms: "Utente CMS",
  ticket: "Ticket supporto",
  attivita: "Attività",
  anomalia: "Anomalia",
  allarme: "Allarme (SOS)",
  relazione_servizio: "Relazione di servizio",
  foglio_notizie: "Foglio notizie",
  comunicazione: "Comunicazione azienda",
  file: "File",
};

export function contentTypeLabel(code: string): string {
  const known = CONTENT_TYPE_LABELS[code];
  if (known) return known;
  const words = code.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
