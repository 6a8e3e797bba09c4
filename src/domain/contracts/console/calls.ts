/** The console module's call table, resource by resource (served under /api/comunicazioni/, SPEC's paths). */
export { allarmiCalls } from "./allarmi/calls";
export { anomalieCalls } from "./anomalie/calls";
export { appCalls } from "./app-guardie/calls";
export { attivitaCalls } from "./attivita/calls";
export { comunicazioniAziendaCalls } from "./comunicazioni-azienda/calls";
export { credenzialiAppCalls } from "./credenziali-app/calls";
export { fogliNotizieCalls } from "./fogli-notizie/calls";
export { notificheCalls } from "./notifiche/calls";
export { relazioniCalls } from "./relazioni/calls";
export { ticketSupportoCalls } from "./ticket-supporto/calls";
