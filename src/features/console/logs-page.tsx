/** Console → Logs (superadmin, admin, erp_admin): every audit entry, by content type. */
import { Alert, Box } from "@chakra-ui/react";
import { errorMessage } from "../../api/base";
import { useLogContentTypesQuery } from "../../api/log.endpoints";
import { LogScreen } from "../../components/log-screen/log-screen";

export function LogsPage() {
  const { data, error, isLoading } = useLogContentTypesQuery();
  return (
    <Box p="4">
      {error && (
        <Alert.Root status="error" mb="3">
          <Alert.Indicator />
          <Alert.Title>{`Impossibile caricare i tipi di log (${errorMessage(error)})`}</Alert.Title>
        </Alert.Root>
      )}
      {!isLoading && <LogScreen title="Logs" listId="console-logs" logTypes={data ?? []} syncUrl />}
    </Box>
  );
}
