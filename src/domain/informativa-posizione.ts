/**
 * The information notice on the guards' positions (issue 33), shown by the field app at the
 * guard's first sign-in and acknowledged before the app can be used; the same text is in the
 * README. Required by art. 13 of Regulation (EU) 2016/679 (GDPR) and art. 4 of L. 300/1970
 * (Statuto dei lavoratori, as amended by D.Lgs. 151/2015: information on the tools that record
 * the work); its content follows the Garante per la protezione dei dati personali's measure on
 * the geolocation of security guards through smartphones (provv. n. 232 of 18 April 2018,
 * doc. web n. 9358266): no tracking, the position only when needed, a fixed retention. A new
 * wording gets a new VERSIONE, and every guard acknowledges it again.
 */

export const INFORMATIVA_VERSIONE = 1;

/** POSITION_RETENTION_DAYS when not set: the positions are erased after 90 days. */
export const GIORNI_CONSERVAZIONE_POSIZIONI = 90;

export const INFORMATIVA_TITOLO = "Informativa sulla posizione";

export function informativaPosizione(giorni: number = GIORNI_CONSERVAZIONE_POSIZIONI): string[] {
  return [
    "L'app legge la posizione del telefono solo nel momento in cui tocchi «Timbra ingresso», «Timbra uscita» o invii un SOS: mai in background, mai durante le pause o fuori dal turno. L'app non ti segue negli spostamenti.",
    "La posizione serve a verificare che la timbratura avvenga presso il sito del servizio e a soccorrerti in caso di allarme. L'ufficio la vede solo insieme alla timbratura o all'allarme.",
    "Se neghi il permesso di localizzazione la timbratura viene registrata ugualmente, con l'indicazione «posizione non disponibile».",
    `Le posizioni sono cancellate automaticamente dopo ${giorni} giorni; restano la data e l'ora della timbratura, che servono per le ore lavorate.`,
    "Titolare del trattamento è l'istituto di vigilanza tuo datore di lavoro. Puoi chiedere l'accesso ai tuoi dati, la rettifica, la cancellazione e la limitazione (artt. 15-18 del Regolamento UE 2016/679) e proporre reclamo al Garante per la protezione dei dati personali.",
    "Riferimenti: art. 13 del Regolamento UE 2016/679; art. 4 della legge 300/1970 (Statuto dei lavoratori); provvedimento del Garante n. 232 del 18 aprile 2018 sulla geolocalizzazione delle guardie giurate tramite smartphone.",
  ];
}
