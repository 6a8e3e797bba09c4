/**
 * The anagrafica tab's photos (primo piano, busto, intera, profilo) and curriculum: preview through
 * an object URL fetched with the token, upload (multipart) replacing the slot's file.
 */
import { Box, Button, FileUpload, Heading, HStack, Image, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useFileObjectUrlQuery } from "../../../api/anagrafiche/files.endpoints";
import { type FileSlot, useUploadOperatoreFileMutation } from "../../../api/anagrafiche/operatori.endpoints";
import { errorMessage } from "../../../api/base";
import type { FileRef, OperatoreRecord } from "../../../domain/contracts/anagrafiche/operatori";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";
import { MSG } from "../common/messages";

const PHOTOS: { slot: FileSlot & keyof OperatoreRecord; label: string }[] = [
  { slot: "foto_primo_piano", label: "Foto primo piano" },
  { slot: "foto_busto", label: "Foto busto" },
  { slot: "foto_intera", label: "Foto intera" },
  { slot: "foto_profilo", label: "Foto profilo" },
];

function Preview({ file, label }: { file: FileRef | null | undefined; label: string }) {
  const { data } = useFileObjectUrlQuery(file?.url ?? "", { skip: !file });
  if (!file) {
    return (
      <Box h="140px" bg="gray.100" borderRadius="md" display="flex" alignItems="center" justifyContent="center">
        <Text fontSize="sm" color="fg.muted">
          Nessuna foto
        </Text>
      </Box>
    );
  }
  return data ? (
    <Image src={data} alt={label} h="140px" w="full" objectFit="contain" borderRadius="md" bg="gray.50" />
  ) : (
    <Box h="140px" bg="gray.50" borderRadius="md" />
  );
}

function UploadButton({ id, slot, accept, label }: { id: number; slot: FileSlot; accept: string; label: string }) {
  const [upload, { isLoading }] = useUploadOperatoreFileMutation();
  return (
    <FileUpload.Root
      accept={accept}
      maxFiles={1}
      onFileAccept={async (d) => {
        const file = d.files[0];
        if (!file) return;
        try {
          await upload({ id, categoria: slot, file }).unwrap();
          notify.success(MSG.uploaded);
        } catch (e) {
          notify.error(errorMessage(e));
        }
      }}
    >
      <FileUpload.HiddenInput aria-label={`Carica ${label}`} />
      <FileUpload.Trigger asChild>
        <Button size="xs" variant="outline" loading={isLoading}>
          Carica
        </Button>
      </FileUpload.Trigger>
    </FileUpload.Root>
  );
}

export function OperatoreFiles({ record }: { record: OperatoreRecord }) {
  const cv = record.curriculum;
  return (
    <Stack gap="3">
      <Heading size="sm">Foto e curriculum</Heading>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {PHOTOS.map(({ slot, label }) => (
          <Stack key={slot} gap="1">
            <Text fontSize="sm">{label}</Text>
            <Preview file={record[slot] as FileRef | null | undefined} label={label} />
            <UploadButton id={record.id} slot={slot} accept="image/jpeg,image/png,image/webp" label={label} />
          </Stack>
        ))}
      </SimpleGrid>
      <HStack gap="3">
        <Text fontSize="sm">Curriculum:</Text>
        {cv ? (
          <Button
            size="xs"
            variant="ghost"
            onClick={() => downloadFile(cv.url, cv.nome).catch((e) => notify.error(errorMessage(e)))}
          >
            {cv.nome}
          </Button>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            nessuno
          </Text>
        )}
        <UploadButton id={record.id} slot="curriculum" accept="application/pdf" label="Curriculum" />
      </HStack>
    </Stack>
  );
}
