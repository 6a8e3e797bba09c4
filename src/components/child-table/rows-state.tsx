/** A child list's states around its content: a skeleton while loading, the request's error, else the content. */
import { Alert, Skeleton } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { errorMessage } from "../../api/base";
import { type FailureWording, REQUEST_ERROR_WORDING } from "../form/save-failure";

export function RowsState(props: {
  isLoading: boolean;
  error?: unknown;
  /** How the error is worded (the screen's, as for a failed save). */
  wording?: FailureWording;
  children: ReactNode;
}) {
  const { isLoading, error, wording = REQUEST_ERROR_WORDING, children } = props;
  if (isLoading) return <Skeleton height="24" />;
  if (error)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{wording.failed(errorMessage(error))}</Alert.Title>
      </Alert.Root>
    );
  return <>{children}</>;
}
