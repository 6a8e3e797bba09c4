/** GET /api/report/compensi/?dal&al: the assignments of a period with their pay (gated fields). */
import { sql } from "drizzle-orm";
import { CompensiList } from "../../../../src/domain/contracts/report/compensi";
import { defineList } from "../../../lib/list";
import { assegnazioniSql, COMPENSO, MOTIVO_SENZA_COMPENSO } from "../assegnazioni";

export const compensiList = defineList(CompensiList, {
  ...assegnazioniSql,
  sql: {
    ...assegnazioniSql.sql,
    compenso_orario: sql`cc.compenso_orario`,
    compenso: COMPENSO,
    motivo: sql`CASE WHEN cc.id IS NULL THEN ${MOTIVO_SENZA_COMPENSO}::text END`,
  },
});
