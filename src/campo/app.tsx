/**
 * The field app's shell: the session (src/campo/machines/sessione.machine.ts, traced as
 * "campo-sessione"), the sign-in page when signed out, otherwise the guard's screens under a
 * bottom bar of 48 px targets. Mobile first: one column, from 360 px wide.
 */
import { Box, Button, ChakraProvider, Flex, Text } from "@chakra-ui/react";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo, useState } from "react";
import { Provider } from "react-redux";
import { combinedInspect } from "../machines/inspector";
import { createTraceRecorder } from "../machines/trace";
import { setCampoUnauthorizedHandler } from "./api";
import { campoSessioneMachine } from "./machines/sessione.services";
import { LoginScreen } from "./screens/login";
import { makeCampoStore } from "./store";
import { campoSystem, TOUCH } from "./theme";
import { campoStorage } from "./token";

export type Scheda = "oggi" | "comunicazioni" | "coda";
const SCHEDE: { id: Scheda; label: string }[] = [
  { id: "oggi", label: "Oggi" },
  { id: "comunicazioni", label: "Comunicazioni" },
  { id: "coda", label: "In coda" },
];

export function CampoApp() {
  const store = useMemo(() => makeCampoStore(), []);
  return (
    <Provider store={store}>
      <ChakraProvider value={campoSystem}>
        <Sessione store={store} />
      </ChakraProvider>
    </Provider>
  );
}

function Sessione({ store }: { store: ReturnType<typeof makeCampoStore> }) {
  const recorder = useMemo(() => createTraceRecorder("campo-sessione"), []);
  const actor = useActorRef(campoSessioneMachine(store), {
    input: { stored: campoStorage.get() },
    inspect: combinedInspect(recorder),
  });
  useEffect(() => {
    setCampoUnauthorizedHandler(() => actor.send({ type: "SESSION_EXPIRED" }));
    return () => setCampoUnauthorizedHandler(null);
  }, [actor]);
  const state = useSelector(actor, (s) => s);
  if (!state.matches("loggedIn") && !state.matches("loggingOut")) {
    return (
      <LoginScreen
        busy={state.matches("loggingIn")}
        error={state.context.error}
        onLogin={(username, password) => actor.send({ type: "LOGIN", username, password })}
      />
    );
  }
  return (
    <Shell nome={state.context.operatore?.full_name ?? ""} onLogout={() => actor.send({ type: "LOGOUT" })}>
      {(scheda) => <Text>{scheda}</Text>}
    </Shell>
  );
}

function Shell({
  nome,
  onLogout,
  children,
}: {
  nome: string;
  onLogout: () => void;
  children: (scheda: Scheda) => React.ReactNode;
}) {
  const [scheda, setScheda] = useState<Scheda>("oggi");
  return (
    <Flex direction="column" minH="100dvh" maxW="640px" mx="auto">
      <Flex as="header" align="center" gap="2" px="3" py="1" bg="#1a365d" color="white">
        <Text flex="1" fontWeight="semibold" truncate>
          {nome}
        </Text>
        <Button size="sm" variant="ghost" color="white" onClick={onLogout}>
          Esci
        </Button>
      </Flex>
      <Box as="main" flex="1" px="3" py="3" pb="80px">
        {children(scheda)}
      </Box>
      <Flex
        as="nav"
        aria-label="Sezioni"
        position="fixed"
        bottom="0"
        left="0"
        right="0"
        bg="white"
        borderTopWidth="1px"
        justify="space-around"
      >
        {SCHEDE.map((s) => (
          <Button
            key={s.id}
            flex="1"
            minH={TOUCH}
            h="56px"
            variant="ghost"
            rounded="none"
            aria-current={scheda === s.id ? "page" : undefined}
            fontWeight={scheda === s.id ? "bold" : "normal"}
            color={scheda === s.id ? "blue.700" : "gray.700"}
            onClick={() => setScheda(s.id)}
          >
            {s.label}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
