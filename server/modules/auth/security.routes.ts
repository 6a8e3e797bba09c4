/**
 * Issue 37, the administrators' side and the sessions:
 *   GET/PUT security-settings/          admins (PUT: re-auth)  the policy (second factor compulsory for
 *                                       chosen permissions; SSO compulsory with a break-glass superadmin)
 *   GET    sessions/                    all    the caller's open tokens (device, address, start, last use)
 *   DELETE sessions/{id}/               all    ends one of them
 *   POST   sessions/end-others/         all    ends every other one
 *   GET    users/{id}/sessions/         admins a user's open tokens
 *   DELETE users/{id}/sessions/{subId}/ admins ends one
 *   POST   users/{id}/sessions/end-all/ admins ends all of them (but the caller's own current one)
 * A token ended here is refused at once by every worker: revoked_at fires NOTIFY 'erp_auth'
 * (migration 0101), which empties each process's token cache for that user.
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  EndedOut,
  SecuritySettingsOut,
  SecuritySettingsPut,
  SessionsOut,
} from "../../../src/domain/contracts/auth/mfa";
import { IdParams, SubParams } from "../../../src/domain/contracts/common";
import { mfaRequiredFor } from "../../../src/domain/mfa";
import { CAPABILITIES, PERMISSION_CODES } from "../../../src/domain/permissions";
import type { Executor } from "../../db/client";
import { queryOne, queryRows } from "../../db/query";
import { AZIONI, writeAudit } from "../../lib/audit";
import { badRequest, notFound, validationError } from "../../lib/errors";
import { currentUser } from "../../plugins/auth-guard";
import { authSettings, mfaEnabled } from "./mfa.service";

const tags = ["auth"];
const admins = { permissions: CAPABILITIES.utenti };
const all = { permissions: CAPABILITIES.all };

interface SessionDbRow {
  id: number | string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date | string;
  last_used_at: Date | string;
}

async function openSessions(ex: Executor, userId: number, now: Date, idleMinutes: number, currentId: number | null) {
  const rows = await queryRows<SessionDbRow>(
    ex,
    sql`SELECT id, user_agent, ip, created_at, last_used_at FROM auth_tokens
        WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${now}
          AND last_used_at > ${new Date(now.getTime() - idleMinutes * 60_000)}
        ORDER BY last_used_at DESC, id DESC`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    user_agent: r.user_agent,
    ip: r.ip,
    created_at: new Date(r.created_at).toISOString(),
    last_used_at: new Date(r.last_used_at).toISOString(),
    current: Number(r.id) === currentId,
  }));
}

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const settingsOut = async () => ({ ...(await authSettings(app.db)), sso_available: Boolean(app.config.oidc) });

  app.get("/security-settings/", { config: admins, schema: { tags, response: { 200: SecuritySettingsOut } } }, () =>
    settingsOut(),
  );

  app.put(
    "/security-settings/",
    {
      config: { ...admins, reauth: true },
      schema: { tags, body: SecuritySettingsPut, response: { 200: SecuritySettingsOut } },
    },
    async (request) => {
      const user = currentUser(request);
      const now = app.clock();
      const old = await authSettings(app.db);
      const next = { ...old, ...request.body.data };
      const unknown = next.mfa_required_permissions.filter((p) => !PERMISSION_CODES.has(p));
      if (unknown.length)
        throw validationError({ mfa_required_permissions: `Permessi sconosciuti: ${unknown.join(", ")}` });
      if (next.mfa_required && next.mfa_required_permissions.length === 0) {
        throw validationError({ mfa_required_permissions: "Scegli almeno un permesso" });
      }
      if (mfaRequiredFor(next, user.permissions) && !(await mfaEnabled(app.db, user.id))) {
        throw badRequest(
          "Attiva prima la verifica in due passaggi sul tuo account (menu del profilo): la regola si applicherebbe anche a te",
        );
      }
      if (next.sso_required) {
        if (!app.config.oidc)
          throw validationError({
            sso_required: "SSO non configurato (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)",
          });
        const bg = await queryOne<{ id: number }>(
          app.db,
          sql`SELECT id FROM users WHERE lower(username) = lower(${next.sso_break_glass_username})
                AND attivo AND 'superadmin' = ANY(permissions)`,
        );
        if (!bg) {
          throw validationError({
            sso_break_glass_username: "Indica un superamministratore attivo che potrà sempre accedere con la password",
          });
        }
      }
      const changeLog: string[] = [];
      if (old.mfa_required !== next.mfa_required)
        changeLog.push(`Verifica in due passaggi obbligatoria: ${next.mfa_required ? "sì" : "no"}`);
      if (old.mfa_required_permissions.join() !== next.mfa_required_permissions.join())
        changeLog.push(`Permessi soggetti all'obbligo: ${next.mfa_required_permissions.join(", ") || "nessuno"}`);
      if (old.sso_required !== next.sso_required)
        changeLog.push(`SSO obbligatorio: ${next.sso_required ? "sì" : "no"}`);
      if (old.sso_break_glass_username !== next.sso_break_glass_username)
        changeLog.push(`Accesso di emergenza con password: ${next.sso_break_glass_username || "nessuno"}`);

      // a PostgreSQL array literal (the codes were checked against the catalogue above)
      const perms = `{${next.mfa_required_permissions.map((p) => `"${p}"`).join(",")}}`;
      const ended = await app.db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE auth_settings SET mfa_required = ${next.mfa_required},
                mfa_required_permissions = ${perms}::text[],
                sso_required = ${next.sso_required}, sso_break_glass_username = ${next.sso_break_glass_username},
                updated_at = ${now}
              WHERE id = 1`,
        );
        // A password alone must no longer open personal data: the sessions of covered users
        // without a second factor end now, and their next login asks them to enrol.
        const revoked = next.mfa_required
          ? await queryRows<{ user_id: number }>(
              tx,
              sql`UPDATE auth_tokens t SET revoked_at = ${now}
                  FROM users u
                  WHERE u.id = t.user_id AND t.revoked_at IS NULL
                    AND u.permissions && ${perms}::text[]
                    AND NOT EXISTS (SELECT 1 FROM user_mfa m WHERE m.user_id = u.id AND m.confirmed_at IS NOT NULL)
                  RETURNING t.user_id`,
            )
          : [];
        const users = [...new Set(revoked.map((r) => Number(r.user_id)))];
        if (changeLog.length) {
          await writeAudit(tx, {
            azione: AZIONI.update,
            contentType: "impostazioni_sicurezza",
            objectId: 1,
            utenteId: user.id,
            changeLog,
            note: users.length ? `Sessioni chiuse di ${users.length} utenti senza verifica in due passaggi` : null,
            ip: request.ip,
          });
        }
        return users;
      });
      for (const id of ended) app.authChanged(id);
      return settingsOut();
    },
  );

  app.get("/sessions/", { config: all, schema: { tags, response: { 200: SessionsOut } } }, async (request) => {
    const user = currentUser(request);
    return { results: await openSessions(app.db, user.id, app.clock(), app.config.tokenIdleMinutes, user.tokenId) };
  });

  /** Ends tokens of `userId` (one, or all but `except`) in one transaction with its audit entry. */
  const endSessions = async (
    actor: { id: number; ip: string },
    userId: number,
    which: { id: number } | { except: number | null },
  ): Promise<number> => {
    const now = app.clock();
    const ended = await app.db.transaction(async (tx) => {
      const rows = await queryRows<{ id: number; user_agent: string | null; ip: string | null }>(
        tx,
        sql`UPDATE auth_tokens SET revoked_at = ${now}
            WHERE user_id = ${userId} AND revoked_at IS NULL
              AND ${"id" in which ? sql`id = ${which.id}` : which.except === null ? sql`TRUE` : sql`id <> ${which.except}`}
            RETURNING id, user_agent, ip`,
      );
      if (rows.length) {
        await writeAudit(tx, {
          azione: AZIONI.sessionEnded,
          contentType: "utente",
          objectId: userId,
          utenteId: actor.id,
          note:
            rows.length === 1
              ? `Sessione ${rows[0].user_agent?.slice(0, 80) ?? "dispositivo sconosciuto"} (${rows[0].ip ?? "indirizzo sconosciuto"})`
              : `${rows.length} sessioni`,
          dati: { sessioni: rows.map((r) => Number(r.id)) },
          ip: actor.ip,
        });
      }
      return rows.length;
    });
    if (ended) app.authChanged(userId);
    return ended;
  };

  app.delete(
    "/sessions/:id/",
    { config: all, schema: { tags, params: IdParams, response: { 200: EndedOut } } },
    async (request) => {
      const user = currentUser(request);
      const n = await endSessions({ id: user.id, ip: request.ip }, user.id, { id: request.params.id });
      if (!n) throw notFound("Sessione non trovata o già chiusa");
      return { ended: n };
    },
  );

  app.post("/sessions/end-others/", { config: all, schema: { tags, response: { 200: EndedOut } } }, async (request) => {
    const user = currentUser(request);
    return { ended: await endSessions({ id: user.id, ip: request.ip }, user.id, { except: user.tokenId }) };
  });

  app.get(
    "/users/:id/sessions/",
    { config: admins, schema: { tags, params: IdParams, response: { 200: SessionsOut } } },
    async (request) => {
      const user = currentUser(request);
      const target = request.params.id;
      return {
        results: await openSessions(
          app.db,
          target,
          app.clock(),
          app.config.tokenIdleMinutes,
          target === user.id ? user.tokenId : null,
        ),
      };
    },
  );

  app.delete(
    "/users/:id/sessions/:subId/",
    { config: admins, schema: { tags, params: SubParams, response: { 200: EndedOut } } },
    async (request) => {
      const user = currentUser(request);
      const n = await endSessions({ id: user.id, ip: request.ip }, request.params.id, { id: request.params.subId });
      if (!n) throw notFound("Sessione non trovata o già chiusa");
      return { ended: n };
    },
  );

  app.post(
    "/users/:id/sessions/end-all/",
    { config: admins, schema: { tags, params: IdParams, response: { 200: EndedOut } } },
    async (request) => {
      const user = currentUser(request);
      const target = request.params.id;
      const ended = await endSessions({ id: user.id, ip: request.ip }, target, {
        except: target === user.id ? user.tokenId : null,
      });
      return { ended };
    },
  );
};
