/** The error of a route the user may not open (SPEC §6, §8). */
import { Alert } from "@chakra-ui/react";

export const PERMISSION_ERROR = "Non disponi di permessi sufficienti per questa sezione";

export function PermissionError() {
  return (
    <Alert.Root status="error" my="6">
      <Alert.Indicator />
      <Alert.Title>{PERMISSION_ERROR}</Alert.Title>
    </Alert.Root>
  );
}
