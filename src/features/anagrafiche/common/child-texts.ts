/**
 * How the anagrafiche child tables (an operator's tabs, a client's sites and contacts) word their
 * failures and deletions (SPEC §8: the server's message as it is; 'Elemento eliminato').
 */
import type { ChildTableProps } from "../../../components/child-table";
import { SERVER_MESSAGE_WORDING } from "../../../components/form";
import { MSG } from "./messages";

export function childTexts(noun: string): Pick<ChildTableProps<{ id: number }>, "wording" | "confirm"> {
  return {
    wording: SERVER_MESSAGE_WORDING,
    confirm: { title: `Elimina ${noun}`, question: MSG.deleteElemento, done: MSG.elementoEliminato },
  };
}
