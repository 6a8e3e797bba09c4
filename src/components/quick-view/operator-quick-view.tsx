/**
 * The operator quick view (SPEC §2 'Operator quick-view popover', §3 Operator quick view): a
 * 360 px card with photo, read-only stars, name, app indicator, height, weight, birth date,
 * mobile, last contract, hours (client week / week / month, last three characters trimmed),
 * qualifications, shifts per day and green/red availability chips.
 *
 *   <OperatorName id={op.id} cliente={contratto.cliente.id}>{op.cognome} {op.nome}</OperatorName>
 *
 * The data is fetched only while the card is open and cached per id (and client) by RTK Query;
 * a failed load is only logged and the card stays empty (SPEC §8).
 */
import { Badge, Box, HoverCard, HStack, Image, Portal, Separator, Stack, Text, Wrap } from "@chakra-ui/react";
import { type ReactNode, useEffect, useState } from "react";
import { useFileObjectUrlQuery } from "../../api/anagrafiche/files.endpoints";
import { useOperatoreQuickViewQuery } from "../../api/anagrafiche/operatori.endpoints";
import { formatDate, trimLastThree } from "../../domain/format";
import { GIORNI_SETTIMANA, type OperatoreQuickView } from "../../domain/operatore";
import { LAYOUT } from "../../lib/theme";

function Stars({ value }: { value: number | null }) {
  const n = Math.max(0, Math.min(5, value ?? 0));
  return (
    <Text as="span" color="orange.400" aria-label={value ? `Valutazione ${n} su 5` : "Nessuna valutazione"}>
      {"★".repeat(n)}
      <Text as="span" color="gray.300">
        {"★".repeat(5 - n)}
      </Text>
    </Text>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between" gap="3" fontSize="sm">
      <Text color="fg.muted">{label}</Text>
      <Text textAlign="end">{children}</Text>
    </HStack>
  );
}

function Photo({ url, alt }: { url: string | null; alt: string }) {
  const { data } = useFileObjectUrlQuery(url ?? "", { skip: !url });
  if (!url || !data) {
    return <Box boxSize="64px" borderRadius="full" bg="gray.200" flexShrink={0} aria-label="Nessuna foto" role="img" />;
  }
  return <Image src={data} alt={alt} boxSize="64px" borderRadius="full" objectFit="cover" flexShrink={0} />;
}

/** The card's body for loaded data. */
export function OperatorQuickViewCard({ data }: { data: OperatoreQuickView }) {
  const name = `${data.cognome} ${data.nome}`;
  return (
    <Stack gap="2" data-testid="operator-quick-view">
      <HStack gap="3" align="center">
        <Photo url={data.foto_primo_piano} alt={name} />
        <Stack gap="0">
          <Stars value={data.rating} />
          <Text fontWeight="bold">{name}</Text>
          <Badge colorPalette={data.applicazione ? "green" : "gray"} alignSelf="start">
            {data.applicazione ? "App installata" : "Senza app"}
          </Badge>
        </Stack>
      </HStack>
      <Separator />
      <Row label="Altezza">{data.altezza ? `${data.altezza} cm` : "—"}</Row>
      <Row label="Peso">{data.peso ? `${data.peso} kg` : "—"}</Row>
      <Row label="Data di nascita">{data.data_nascita ? formatDate(data.data_nascita) : "—"}</Row>
      <Row label="Cellulare">{data.cellulare || "—"}</Row>
      <Row label="Ultimo contratto">{data.ultimo_contratto || "—"}</Row>
      <Row label="Ore settimana sul cliente">{trimLastThree(data.ore_cli_week)}</Row>
      <Row label="Ore settimana">{trimLastThree(data.ore_week)}</Row>
      <Row label="Ore mese">{trimLastThree(data.ore_month)}</Row>
      <Separator />
      <Text fontSize="sm" color="fg.muted">
        Qualifiche
      </Text>
      <Wrap gap="1">
        {data.posizioni_operatore.length === 0 && <Text fontSize="sm">—</Text>}
        {data.posizioni_operatore.map((p) => (
          <Badge key={p.posizione.descrizione} variant="outline">
            {p.posizione.descrizione}
          </Badge>
        ))}
      </Wrap>
      <Text fontSize="sm" color="fg.muted">
        Turni per giorno
      </Text>
      <Stack gap="0" fontSize="xs">
        {data.turni_giorno.map((g) => (
          <HStack key={g.giorno} justify="space-between">
            <Text>{g.label}</Text>
            <Text>{g.turni.length ? g.turni.map((t) => `${t.inizio}–${t.fine}`).join(", ") : "—"}</Text>
          </HStack>
        ))}
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        Disponibilità
      </Text>
      <Wrap gap="1">
        {GIORNI_SETTIMANA.map((day) => {
          const available = data.disponibilita[day] === true;
          return (
            <Badge
              key={day}
              colorPalette={available ? "green" : "red"}
              variant="solid"
              data-available={available}
              title={available ? `${day}: disponibile` : `${day}: non disponibile`}
            >
              {day.slice(0, 3)}
            </Badge>
          );
        })}
      </Wrap>
    </Stack>
  );
}

/** Loads the quick view of `id` (optionally on `cliente`) and renders the card; empty on failure. */
export function OperatorQuickView({ id, cliente }: { id: number; cliente?: number | null }) {
  const { data, error } = useOperatoreQuickViewQuery({ id, cliente }, { refetchOnMountOrArgChange: false });
  useEffect(() => {
    if (error) console.error("Quick view operatore non disponibile", id, error);
  }, [error, id]);
  if (error || !data) return null;
  return <OperatorQuickViewCard data={data} />;
}

export interface OperatorNameProps {
  id: number;
  cliente?: number | null;
  /** The name shown (default: nothing but the children). */
  children: ReactNode;
}

/** An operator's name that opens the quick view on hover, for every list showing an operator. */
export function OperatorName({ id, cliente, children }: OperatorNameProps) {
  const [open, setOpen] = useState(false);
  return (
    <HoverCard.Root
      open={open}
      onOpenChange={(d) => setOpen(d.open)}
      openDelay={300}
      closeDelay={100}
      lazyMount
      positioning={{ placement: "right-start" }}
    >
      <HoverCard.Trigger asChild>
        <Text as="span" textDecoration="underline dotted" cursor="default" tabIndex={0}>
          {children}
        </Text>
      </HoverCard.Trigger>
      <Portal>
        <HoverCard.Positioner>
          <HoverCard.Content
            width={`${LAYOUT.quickViewWidth}px`}
            maxW="100vw"
            maxH="var(--available-height)"
            overflowY="auto"
          >
            {open && <OperatorQuickView id={id} cliente={cliente} />}
          </HoverCard.Content>
        </HoverCard.Positioner>
      </Portal>
    </HoverCard.Root>
  );
}
