/**
 * A saved inspection's photos as thumbnails (each fetched with the token as an object URL); a click
 * opens it larger in a dialog; 'Elimina' asks for confirmation first (DeleteRowButton) — only for
 * who may manage inspections (the administrators, SPEC §6).
 */
import { Box, Button, Dialog, HStack, Image, Portal, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useFileObjectUrlQuery } from "../../../api/anagrafiche/files.endpoints";
import { errorMessage } from "../../../api/base";
import {
  fotoSopralluogoUrl,
  useAddFotoSopralluogoMutation,
  useDeleteFotoSopralluogoMutation,
} from "../../../api/report/sopralluoghi.endpoints";
import { DeleteRowButton } from "../../../components/delete-row-button";
import { requestErrorText } from "../../../components/form";
import type { FotoSopralluogo } from "../../../domain/contracts/report/sopralluoghi";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { notify } from "../../../lib/toaster";
import { usePermissions } from "../../../machines/session-context";

export const FOTO_ELIMINATA = "Foto eliminata";

/**
 * Sends photos to a saved inspection one by one (each checked by content on the server); a refused
 * one is a toast naming it. Resolves to how many were saved.
 */
export function useCaricaFoto() {
  const [addFoto, { isLoading }] = useAddFotoSopralluogoMutation();
  const carica = async (id: number, files: File[]) => {
    let salvate = 0;
    for (const f of files) {
      try {
        await addFoto({ id, file: f }).unwrap();
        salvate += 1;
      } catch (err) {
        notify.error(`Foto ${f.name} non salvata: ${requestErrorText(errorMessage(err))}`);
      }
    }
    return salvate;
  };
  return [carica, isLoading] as const;
}

function Miniatura({ id, foto, onOpen }: { id: number; foto: FotoSopralluogo; onOpen: (src: string) => void }) {
  const { data: src, isError } = useFileObjectUrlQuery(fotoSopralluogoUrl(id, foto.id));
  if (isError)
    return (
      <Text fontSize="xs" color="red.600">
        Foto non disponibile
      </Text>
    );
  if (!src) return <Skeleton height="32" />;
  return (
    <Button variant="plain" p="0" h="auto" aria-label={`Apri la foto ${foto.nome}`} onClick={() => onOpen(src)}>
      <Image src={src} alt={foto.nome} h="32" w="full" objectFit="cover" borderRadius="md" />
    </Button>
  );
}

export function SopralluogoFoto({ id, foto }: { id: number; foto: FotoSopralluogo[] }) {
  const [elimina] = useDeleteFotoSopralluogoMutation();
  const puoEliminare = hasAny(usePermissions(), CAPABILITIES.sopralluoghi);
  const [aperta, setAperta] = useState<{ src: string; nome: string } | null>(null);
  if (foto.length === 0) return <Text color="fg.muted">Nessuna foto</Text>;
  return (
    <>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" aria-label="Foto del sopralluogo salvate">
        {foto.map((f) => (
          <Stack key={f.id} gap="1">
            <Miniatura id={id} foto={f} onOpen={(src) => setAperta({ src, nome: f.nome })} />
            <HStack justify="space-between" gap="1">
              <Text fontSize="xs" truncate title={f.nome}>
                {f.nome}
              </Text>
              {puoEliminare && (
                <DeleteRowButton
                  what={`la foto ${f.nome}`}
                  done={FOTO_ELIMINATA}
                  onDelete={() => elimina({ id, fotoId: f.id }).unwrap()}
                />
              )}
            </HStack>
          </Stack>
        ))}
      </SimpleGrid>
      <Dialog.Root open={aperta !== null} onOpenChange={(d) => !d.open && setAperta(null)} size="xl">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{aperta?.nome}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Box>{aperta && <Image src={aperta.src} alt={aperta.nome} maxH="70vh" mx="auto" />}</Box>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setAperta(null)}>
                  Chiudi
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
