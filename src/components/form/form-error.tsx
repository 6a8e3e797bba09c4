/** The form-level error of a rejected submit. */
import { Alert } from "@chakra-ui/react";

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
