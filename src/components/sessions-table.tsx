/**
 * Issue 37: *Sessioni attive* — each open token's device (its browser's user agent), address,
 * start and last use; 'Chiudi' ends one, 'Chiudi tutte le altre' every other. Without `userId`:
 * the signed-in user's own; with it (administrators): that user's.
 */
import { Badge, Button, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { errorMessage } from "../api/base";
import { mfaApi } from "../api/mfa.endpoints";
import { notify } from "../lib/toaster";

const when = (iso: string) =>
  new Date(iso).toLocaleString("it-IT", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Rome" });

/** A readable device from a user agent: browser and system when recognised, otherwise the text. */
export function deviceOf(ua: string | null): string {
  if (!ua) return "Dispositivo sconosciuto";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  return browser && os ? `${browser} su ${os}` : ua.slice(0, 60);
}

export function SessionsTable({ userId }: { userId?: number }) {
  const { data, refetch, isLoading } = mfaApi.useSessionsQuery(userId);
  const [endOne] = mfaApi.useEndSessionMutation();
  const [endOthers, { isLoading: ending }] = mfaApi.useEndOtherSessionsMutation();
  const run = async (p: Promise<{ ended: number }>) => {
    try {
      const r = await p;
      notify.success(r.ended === 1 ? "Sessione chiusa" : `${r.ended} sessioni chiuse`);
    } catch (err) {
      notify.error(errorMessage(err));
    }
    refetch();
  };
  const rows = data?.results ?? [];
  return (
    <Stack gap="3">
      <Table.Root size="sm" aria-label="Sessioni attive">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Dispositivo</Table.ColumnHeader>
            <Table.ColumnHeader>Indirizzo</Table.ColumnHeader>
            <Table.ColumnHeader>Inizio</Table.ColumnHeader>
            <Table.ColumnHeader>Ultimo uso</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((s) => (
            <Table.Row key={s.id}>
              <Table.Cell title={s.user_agent ?? ""}>
                {deviceOf(s.user_agent)}{" "}
                {s.current && (
                  <Badge colorPalette="green" ml="1">
                    Questa sessione
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell>{s.ip ?? "—"}</Table.Cell>
              <Table.Cell>{when(s.created_at)}</Table.Cell>
              <Table.Cell>{when(s.last_used_at)}</Table.Cell>
              <Table.Cell textAlign="end">
                {!s.current && (
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`Chiudi la sessione ${deviceOf(s.user_agent)} ${s.ip ?? ""}`}
                    onClick={() => run(endOne({ id: s.id, userId }).unwrap())}
                  >
                    Chiudi
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {!isLoading && rows.length === 0 && <Text color="fg.muted">Nessuna sessione aperta</Text>}
      <HStack>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          loading={ending}
          disabled={rows.filter((r) => !r.current).length === 0}
          onClick={() => run(endOthers(userId).unwrap())}
        >
          {userId === undefined ? "Chiudi tutte le altre" : "Chiudi tutte"}
        </Button>
      </HStack>
    </Stack>
  );
}
