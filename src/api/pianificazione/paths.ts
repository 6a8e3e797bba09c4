/**
 * Paths and cache tags of the pianificazione calls (every path under /api/pianificazione/ ends
 * with '/'), shared by the per-resource endpoint files of this folder.
 */
import type { ListResponse } from "../../domain/api-types";

export type Id = number | string;

export interface ShiftPath {
  idContratto: Id;
  idServizio: Id;
  idGiorno: Id;
  idTurno: Id;
}

export const P = "pianificazione";
export const contrattoPath = (id: Id) => `${P}/contratti/${id}/`;
export const servizioPath = (idContratto: Id, idServizio: Id) => `${contrattoPath(idContratto)}servizi/${idServizio}/`;
export const giornoPath = (p: Omit<ShiftPath, "idTurno">) =>
  `${servizioPath(p.idContratto, p.idServizio)}giorni/${p.idGiorno}/`;
/** `…/servizi/{idServizio}/giorni/{idGiorno}/turni/{idTurno}/` */
export const turnoPath = (p: ShiftPath) => `${giornoPath(p)}turni/${p.idTurno}/`;

/** `…/servizi/{idServizio}/allegati/` or, with a file id, that file's download/delete path. */
export const allegatoPath = (idContratto: Id, idServizio: Id, fileId?: string) =>
  `${servizioPath(idContratto, idServizio)}allegati/${fileId ? `${encodeURIComponent(fileId)}/` : ""}`;

export const servizioTag = (id: Id) => [{ type: "Servizio" as const, id: Number(id) }];
export const contrattoTag = (id: Id) => [{ type: "Contratto" as const, id: Number(id) }];

/** Sub-resource lists may answer a bare array or the list shape `{results}`: take the rows. */
export function asArray<T>(response: T[] | ListResponse<T>): T[] {
  return Array.isArray(response) ? response : (response?.results ?? []);
}
