/**
 * Every scheduled job of the server (server/lib/jobs.ts: a row of `jobs` claimed by one process per
 * run). A module adds its job here and its row in a migration.
 */
import { BACKUP_JOB } from "../lib/backup-job";
import type { JobDefinition } from "../lib/jobs";
import { ESCALATION_ALLARMI_JOB } from "./console/allarmi/allarmi.job";
import { RILEVA_ANOMALIE_JOB } from "./console/anomalie/anomalie.job";
import { PURGA_POSIZIONI_JOB } from "./console/app/posizioni.job";
import { FOGLIO_NOTIZIE_JOB } from "./console/fogli-notizie/fogli-notizie.job";
import { REPORT_MARGINI_JOB } from "./report/analisi-ricavi/margini.job";

export const JOBS: readonly JobDefinition[] = [
  RILEVA_ANOMALIE_JOB,
  REPORT_MARGINI_JOB,
  PURGA_POSIZIONI_JOB,
  ESCALATION_ALLARMI_JOB,
  FOGLIO_NOTIZIE_JOB,
  BACKUP_JOB,
];
