/**
 * /sopralluogo?id=N: the record of a saved inspection — what was written, the checklist, the
 * outcome, its photos (sopralluogo-foto.tsx: thumbnails, larger on a click, deletion after a
 * confirmation), more photos to add, and the PDF the client can receive.
 */
import { Alert, Badge, Box, Button, Card, DataList, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useRef } from "react";
import { Link as RouterLink } from "react-router-dom";
import { errorMessage } from "../../../api/base";
import { useSopralluogoQuery } from "../../../api/report/sopralluoghi.endpoints";
import { requestErrorText } from "../../../components/form";
import { formatDate } from "../../../domain/format";
import { CHECKLIST_SOPRALLUOGO, ESITI_SOPRALLUOGO } from "../../../domain/sopralluogo";
import { notify } from "../../../lib/toaster";
import { SopralluogoFoto, useCaricaFoto } from "./sopralluogo-foto";
import { scaricaVerbale } from "./verbale";

const aggiunte = (n: number) => (n === 1 ? "Foto aggiunta" : `${n} foto aggiunte`);

export function SopralluogoScheda({ id }: { id: number }) {
  const { data: x, isLoading, error } = useSopralluogoQuery(id);
  const [caricaFoto, caricando] = useCaricaFoto();
  const input = useRef<HTMLInputElement>(null);
  if (isLoading) return <Skeleton height="64" />;
  if (error || !x)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{requestErrorText(errorMessage(error))}</Alert.Title>
      </Alert.Root>
    );
  const esito = ESITI_SOPRALLUOGO.find((e) => e.code === x.esito)?.label ?? x.esito;
  const voci: [string, string][] = [
    ["Cliente", x.cliente?.ragione_sociale ?? `${x.potenziale_cliente} (potenziale)`],
    ["Indirizzo", [x.indirizzo, [x.cap, x.citta, x.prov && `(${x.prov})`].filter(Boolean).join(" ")].join(", ")],
    ["Data", formatDate(x.data)],
    ["Ispettore", x.ispettore],
    ...CHECKLIST_SOPRALLUOGO.map((c): [string, string] => [c.label, x.checklist[c.code as keyof typeof x.checklist]]),
    ["Note", x.note],
    ["Servizio consigliato", x.servizio_consigliato],
  ];
  const carica = async (files: File[]) => {
    const n = await caricaFoto(id, files);
    if (n > 0) notify.success(aggiunte(n));
    if (input.current) input.current.value = "";
  };
  return (
    <Stack gap="4" aria-label={`Sopralluogo n. ${x.id}`}>
      <HStack justify="space-between" wrap="wrap">
        <HStack>
          <Heading as="h2" size="md">
            Sopralluogo n. {x.id}
          </Heading>
          <Badge colorPalette={x.esito === "favorevole" ? "green" : x.esito === "sfavorevole" ? "red" : "orange"}>
            {esito}
          </Badge>
        </HStack>
        <HStack>
          <Button size="sm" variant="outline" onClick={() => scaricaVerbale(x.id)}>
            Scarica PDF
          </Button>
          <Button size="sm" asChild>
            <RouterLink to="/sopralluogo">Nuovo sopralluogo</RouterLink>
          </Button>
        </HStack>
      </HStack>
      <Card.Root variant="outline">
        <Card.Body>
          <DataList.Root orientation="horizontal" size="sm">
            {voci.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
                <DataList.ItemValue whiteSpace="pre-wrap">{value || "—"}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <Box>
        <Heading as="h3" size="sm" mb="2">
          Foto ({x.foto.length})
        </Heading>
        <SopralluogoFoto id={x.id} foto={x.foto} />
        <HStack mt="3" gap="2">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            disabled={caricando}
            aria-label="Aggiungi foto al sopralluogo"
            onChange={(e) => void carica(Array.from(e.target.files ?? []))}
          />
          <Text fontSize="xs" color="fg.muted">
            JPEG, PNG o WebP, al massimo 8 MB ciascuna.
          </Text>
        </HStack>
      </Box>
    </Stack>
  );
}
