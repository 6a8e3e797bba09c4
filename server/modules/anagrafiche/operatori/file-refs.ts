/** File ids → {id, url, nome, mime} for the record's photo, CV, document and course fields. */
import { inArray } from "drizzle-orm";
import type { FileRef } from "../../../../src/domain/contracts/anagrafiche/fields";
import type { Executor } from "../../../db/client";
import { files } from "../../../db/schema/anagrafiche-operatori";
import { downloadName } from "../../../lib/files";

export const fileUrl = (id: string) => `/api/anagrafiche/files/${id}/`;

export async function fileRefs(ex: Executor, ids: readonly (string | null)[]): Promise<Map<string, FileRef>> {
  const wanted = [...new Set(ids.filter((i): i is string => !!i))];
  if (wanted.length === 0) return new Map();
  const rows = await ex.select().from(files).where(inArray(files.id, wanted));
  return new Map(rows.map((r) => [r.id, { id: r.id, url: fileUrl(r.id), nome: downloadName(r), mime: r.mime }]));
}
