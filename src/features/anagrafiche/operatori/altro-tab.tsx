/**
 * altro: the notes, and what a data-protection request needs — 'Esporta dati personali (zip)'
 * (everything held on the person) and 'Anonimizza' (only for a cessato operator; the server
 * refuses while a legal retention applies and the reason is shown).
 */
import { Alert, Button, Heading, HStack, List, Stack, Text } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { Form } from "react-final-form";
import {
  useAnonimizzaOperatoreMutation,
  useUpdateOperatoreMutation,
} from "../../../api/anagrafiche/operatori.endpoints";
import { errorMessage } from "../../../api/base";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { SERVER_MESSAGE_WORDING, saveFailure, TextareaField } from "../../../components/form";
import type { OperatoreRecord } from "../../../domain/contracts/anagrafiche/operatori";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";
import { MSG } from "../common/messages";

interface Refusal {
  detail: string;
  reasons: string[];
}

function refusalOf(err: unknown): Refusal {
  const data = (err as { data?: { detail?: string; reasons?: string[] } }).data;
  return { detail: data?.detail ?? errorMessage(err), reasons: data?.reasons ?? [] };
}

export function AltroTab({ record, canExport }: { record: OperatoreRecord; canExport: boolean }) {
  const [update] = useUpdateOperatoreMutation();
  const [anonimizza, { isLoading }] = useAnonimizzaOperatoreMutation();
  const [confirm, setConfirm] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [exporting, setExporting] = useState(false);
  const initialValues = useMemo(
    () => ({ annotazioni: record.annotazioni ?? "", note: record.note ?? "" }),
    [record.annotazioni, record.note],
  );
  const anonimizzato = record.anonimizzato === true;

  return (
    <Stack gap="6">
      <Form
        initialValues={initialValues}
        onSubmit={async (values: { annotazioni: string; note: string }) => {
          try {
            await update({
              id: record.id,
              data: { annotazioni: values.annotazioni ?? "", note: values.note ?? "" },
            }).unwrap();
            notify.success(MSG.saved);
            return undefined;
          } catch (e) {
            return saveFailure(e, SERVER_MESSAGE_WORDING);
          }
        }}
      >
        {({ handleSubmit, submitting, pristine }) => (
          <form onSubmit={handleSubmit} aria-label="Note operatore">
            <Stack gap="3">
              <TextareaField name="annotazioni" label="Annotazioni" rows={4} />
              <TextareaField name="note" label="Note" rows={4} />
              <Button type="submit" alignSelf="start" loading={submitting} disabled={pristine || anonimizzato}>
                Salva note
              </Button>
            </Stack>
          </form>
        )}
      </Form>

      <Stack gap="2">
        <Heading size="md">Protezione dei dati personali</Heading>
        <Text fontSize="sm" color="fg.muted">
          L'esportazione contiene tutti i dati conservati sulla persona (JSON e file). L'anonimizzazione è possibile
          solo per un operatore cessato, quando non si applicano obblighi di conservazione.
        </Text>
        <HStack>
          {canExport && (
            <Button
              variant="outline"
              loading={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  await downloadFile(`/api/anagrafiche/operatori/${record.id}/export/`, `operatore-${record.id}.zip`);
                } catch (e) {
                  notify.error(errorMessage(e));
                } finally {
                  setExporting(false);
                }
              }}
            >
              Esporta dati personali (zip)
            </Button>
          )}
          <Button
            colorPalette="red"
            variant="outline"
            disabled={!record.cessato || anonimizzato}
            title={record.cessato ? undefined : "Disponibile solo per un operatore cessato"}
            onClick={() => setConfirm(true)}
          >
            Anonimizza
          </Button>
        </HStack>
        {anonimizzato && <Text color="fg.muted">L'operatore è stato anonimizzato.</Text>}
        {refusal && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{refusal.detail}</Alert.Title>
              {refusal.reasons.length > 1 && (
                <Alert.Description>
                  <List.Root>
                    {refusal.reasons.map((r) => (
                      <List.Item key={r}>{r}</List.Item>
                    ))}
                  </List.Root>
                </Alert.Description>
              )}
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>

      <ConfirmDialog
        open={confirm}
        title="Anonimizza operatore"
        question={MSG.anonimizza}
        confirmLabel="Anonimizza"
        loading={isLoading}
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          try {
            await anonimizza(record.id).unwrap();
            setRefusal(null);
            notify.success(MSG.anonimizzato);
          } catch (e) {
            setRefusal(refusalOf(e));
            notify.error(refusalOf(e).detail);
          } finally {
            setConfirm(false);
          }
        }}
      />
    </Stack>
  );
}
