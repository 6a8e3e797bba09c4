/** The sign-in's choice (issue 33): a guard with the app credentials, or a steward with the access code. */
import { Button, Flex } from "@chakra-ui/react";

export type ModoAccesso = "guardia" | "addetto";

export function SceltaAccesso({ modo, onModo }: { modo: ModoAccesso; onModo: (m: ModoAccesso) => void }) {
  return (
    <Flex role="group" aria-label="Tipo di accesso" gap="2" mb="6">
      {(
        [
          ["guardia", "Guardia"],
          ["addetto", "Addetto conteggio"],
        ] as const
      ).map(([id, label]) => (
        <Button
          key={id}
          flex="1"
          size="lg"
          variant={modo === id ? "solid" : "outline"}
          colorPalette="blue"
          aria-pressed={modo === id}
          onClick={() => onModo(id)}
        >
          {label}
        </Button>
      ))}
    </Flex>
  );
}
