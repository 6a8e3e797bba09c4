/** The Italian messages of the pianificazione screens (SPEC §5, §8). */
export const MSG = {
  saved: "Modifiche salvate correttamente",
  validation: "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova",
  deleteContratto: "Sei sicuro di voler eliminare questo contratto? l'operazione non potrà essere annullata",
  requestError: (message: string) => `Si è verificato un errore (${message})`,
} as const;
