/** Italian answers of the auth API that the server, the mocks and the SPA share. */

/** POST /api/auth/register/: the same answer whether or not the name was free. */
export const REGISTERED =
  "Richiesta di registrazione ricevuta. Potrai accedere quando un amministratore avrà abilitato il tuo account.";

/** POST /api/auth/change-password/ */
export const PASSWORD_CHANGED = "Password aggiornata. Le altre sessioni aperte con il tuo utente sono state chiuse.";
export const WRONG_CURRENT_PASSWORD = "La password attuale non è corretta";
export const SAME_PASSWORD = "La nuova password deve essere diversa da quella attuale";

/** The badge and filter of a self-registered account waiting for an administrator. */
export const PENDING_LABEL = "In attesa di approvazione";
