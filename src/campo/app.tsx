/**
 * The field app's shell: the session (src/campo/machines/sessione.machine.ts, traced as
 * "campo-sessione"), the sign-in page when signed out, otherwise the guard's screens under a
 * bottom bar of 48 px targets. Mobile first: one column, from 360 px wide.
 */
import { Box, Button, ChakraProvider, Flex, Text } from "@chakra-ui/react";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo, useState } from "react";
import { Provider } from "react-redux";
import type { ActorRefFrom } from "xstate";
import { combinedInspect } from "../machines/inspector";
import { createTraceRecorder } from "../machines/trace";
import { setCampoUnauthorizedHandler } from "./api";
import { campoOutboxMachine, campoTimbraMachine } from "./machines/outbox.services";
import { campoSessioneMachine } from "./machines/sessione.services";
import type { SosMachine } from "./machines/sos.machine";
import { campoSosMachine } from "./machines/sos.services";
import type { TimbraMachine } from "./machines/timbra.machine";
import {
  type Azione,
  type AzioneLettura,
  type AzioneRelazione,
  type AzioneTicket,
  nuovaAzione,
  visibile,
} from "./outbox/azioni";
import { InformativaGate } from "./privacy/informativa";
import { CodaScreen } from "./screens/coda";
import { ComunicazioniScreen } from "./screens/comunicazioni";
import { LoginScreen } from "./screens/login";
import { OggiScreen } from "./screens/oggi";
import { SegnalazioniScreen } from "./screens/segnalazioni";
import { NomeSilenzioso, SosButton, SosStato, type Tenuta, TenutaInCorso, tenuta } from "./screens/sos";
import { TimbraTurno } from "./screens/timbra";
import { type ModoAccesso, SceltaAccesso } from "./steward/modo-accesso";
import { addettoStorage } from "./steward/sessione";
import { StewardApp } from "./steward/steward-app";
import { makeCampoStore } from "./store";
import { campoSystem, TOUCH } from "./theme";
import { campoStorage } from "./token";

export type Scheda = "oggi" | "comunicazioni" | "segnalazioni" | "coda";
const SCHEDE: { id: Scheda; label: string }[] = [
  { id: "oggi", label: "Oggi" },
  { id: "comunicazioni", label: "Comunicazioni" },
  { id: "segnalazioni", label: "Segnalazioni" },
  { id: "coda", label: "In coda" },
];

export function CampoApp() {
  const store = useMemo(() => makeCampoStore(), []);
  // Steward mode when a steward is signed in on this phone, or chosen at the sign-in.
  const [modo, setModo] = useState<ModoAccesso>(() => (addettoStorage.get() ? "addetto" : "guardia"));
  const scelta = <SceltaAccesso modo={modo} onModo={setModo} />;
  return (
    <Provider store={store}>
      <ChakraProvider value={campoSystem}>
        {modo === "addetto" ? <StewardApp store={store} scelta={scelta} /> : <Sessione store={store} scelta={scelta} />}
      </ChakraProvider>
    </Provider>
  );
}

function Sessione({ store, scelta }: { store: ReturnType<typeof makeCampoStore>; scelta: React.ReactNode }) {
  const recorder = useMemo(() => createTraceRecorder("campo-sessione"), []);
  const actor = useActorRef(campoSessioneMachine(store), {
    input: { stored: campoStorage.get() },
    inspect: combinedInspect(recorder),
  });
  const outboxRecorder = useMemo(() => createTraceRecorder("campo-outbox"), []);
  const outbox = useActorRef(campoOutboxMachine(store), { inspect: combinedInspect(outboxRecorder) });
  const timbraRecorder = useMemo(() => createTraceRecorder("campo-timbra"), []);
  const timbra = useActorRef(
    campoTimbraMachine((azione) => outbox.send({ type: "ADD", azione })),
    { inspect: combinedInspect(timbraRecorder) },
  );
  const sosRecorder = useMemo(() => createTraceRecorder("campo-sos"), []);
  const sos = useActorRef(
    campoSosMachine(store, (azione) => outbox.send({ type: "ADD", azione })),
    { inspect: combinedInspect(sosRecorder) },
  );
  useEffect(() => {
    setCampoUnauthorizedHandler(() => actor.send({ type: "SESSION_EXPIRED" }));
    const online = () => outbox.send({ type: "ONLINE" });
    const offline = () => outbox.send({ type: "OFFLINE" });
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      setCampoUnauthorizedHandler(null);
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, [actor, outbox]);
  const state = useSelector(actor, (s) => s);
  const signedIn = state.matches("loggedIn");
  useEffect(() => {
    if (signedIn) outbox.send({ type: "RIPRENDI" });
  }, [signedIn, outbox]);
  const coda = useSelector(outbox, (s) => s.context);
  const inCoda = coda.azioni.filter((a) => a.stato === "in_coda");
  const sosInCoda = (id: string) => [...inCoda, ...coda.daSalvare].some((a) => a.id === id);
  const letturaInCoda = (id: number) =>
    [...inCoda, ...coda.daSalvare].some((a) => a.tipo === "letta" && a.comunicazione_id === id);
  const onLetta = (c: { id: number; oggetto: string }) =>
    outbox.send({
      type: "ADD",
      azione: nuovaAzione<AzioneLettura>({
        tipo: "letta",
        etichetta: `Ho letto · ${c.oggetto}`,
        comunicazione_id: c.id,
      }),
    });
  const onTicket = (dati: AzioneTicket["dati"], foto?: Blob) =>
    outbox.send({
      type: "ADD",
      azione: nuovaAzione<AzioneTicket>({
        tipo: "ticket",
        etichetta: `Segnalazione · ${dati.oggetto}${foto ? " · con foto" : ""}`,
        dati,
        ...(foto ? { foto } : {}),
      }),
    });
  const onRelazione = (dati: AzioneRelazione["dati"], foto: Blob[]) =>
    outbox.send({
      type: "ADD",
      azione: nuovaAzione<AzioneRelazione>({
        tipo: "relazione",
        etichetta: `Relazione · ${dati.luogo}${dati.gravita === "emergenza" ? " · emergenza" : ""}`,
        dati,
        foto,
      }),
    });
  if (!state.matches("loggedIn") && !state.matches("loggingOut")) {
    return (
      <LoginScreen
        busy={state.matches("loggingIn")}
        error={state.context.error}
        onLogin={(username, password) => actor.send({ type: "LOGIN", username, password })}
        scelta={scelta}
      />
    );
  }
  // The notice on positions first, at the guard's first sign-in (src/campo/privacy/informativa.tsx).
  const informativa = (app: React.ReactNode) => (
    <InformativaGate operatoreId={state.context.operatore?.id ?? 0}>{app}</InformativaGate>
  );
  return informativa(
    <Shell
      nome={state.context.operatore?.full_name ?? ""}
      online={coda.online}
      attesa={[...inCoda, ...coda.daSalvare].filter(visibile).length}
      onLogout={() => actor.send({ type: "LOGOUT" })}
      sos={<Sos sos={sos} inCoda={sosInCoda} />}
      tenutaSos={tenuta(
        () => sos.send({ type: "PREMI", silenzioso: false }),
        () => sos.send({ type: "RILASCIA" }),
      )}
      tenutaSilenziosa={tenuta(
        () => sos.send({ type: "PREMI", silenzioso: true }),
        () => sos.send({ type: "RILASCIA" }),
      )}
    >
      {(scheda) =>
        scheda === "oggi" ? (
          <OggiScreen
            inCoda={letturaInCoda}
            onLetta={onLetta}
            actions={{
              renderTimbra: (t) => <Timbra timbra={timbra} turno={t} inCoda={[...inCoda, ...coda.daSalvare]} />,
            }}
          />
        ) : scheda === "comunicazioni" ? (
          <ComunicazioniScreen inCoda={letturaInCoda} onLetta={onLetta} />
        ) : scheda === "segnalazioni" ? (
          <SegnalazioniScreen accoda={onTicket} accodaRelazione={onRelazione} />
        ) : (
          <CodaScreen
            azioni={[...coda.azioni, ...coda.daSalvare].filter(visibile)}
            online={coda.online}
            errore={coda.errore}
          />
        )
      }
    </Shell>,
  );
}

/** The SOS button's hold and, for a visible SOS, what became of it. */
function Sos({ sos, inCoda }: { sos: ActorRefFrom<SosMachine>; inCoda: (id: string) => boolean }) {
  const s = useSelector(sos, (x) => x);
  const visibile = !s.context.silenzioso;
  const a = s.context.azione;
  return (
    <>
      {s.matches("tenendo") && visibile && <TenutaInCorso />}
      {a && !a.dati.silenzioso && (s.matches("attesa") || s.matches("controllo") || s.matches("ricevuto")) && (
        <SosStato
          at={a.creata_il}
          inCoda={inCoda(a.id)}
          posizione={s.context.posizione}
          presoDa={s.context.presoDa}
          onChiudi={() => sos.send({ type: "CHIUDI" })}
        />
      )}
    </>
  );
}

function Timbra({
  timbra,
  turno,
  inCoda,
}: {
  timbra: ActorRefFrom<TimbraMachine>;
  turno: Parameters<typeof TimbraTurno>[0]["turno"];
  inCoda: Azione[];
}) {
  const ctx = useSelector(timbra, (s) => s.context);
  return (
    <TimbraTurno
      turno={turno}
      leggendo={ctx.inCorso?.turno.id === turno.id ? ctx.inCorso.tipo : null}
      ultimo={ctx.ultimo}
      inCoda={inCoda.filter((a) => a.tipo === "timbratura" && a.dati.turno_id === turno.id)}
      onTimbra={(tipo) => timbra.send({ type: "TIMBRA", turno, tipo, at: Date.now() })}
    />
  );
}

function Shell({
  nome,
  online,
  attesa,
  onLogout,
  sos,
  tenutaSos,
  tenutaSilenziosa,
  children,
}: {
  nome: string;
  online: boolean;
  attesa: number;
  onLogout: () => void;
  /** The SOS's progress and state, under the header. */
  sos: React.ReactNode;
  tenutaSos: Tenuta;
  tenutaSilenziosa: Tenuta;
  children: (scheda: Scheda) => React.ReactNode;
}) {
  const [scheda, setScheda] = useState<Scheda>("oggi");
  return (
    <Flex direction="column" minH="100dvh" maxW="640px" mx="auto">
      <Flex as="header" align="center" gap="2" px="3" py="1" bg="#1a365d" color="white">
        <NomeSilenzioso nome={nome} tenuta={tenutaSilenziosa} />
        {!online && (
          <Text fontSize="sm" bg="orange.400" color="black" px="2" rounded="sm">
            Offline
          </Text>
        )}
        <SosButton tenuta={tenutaSos} />
        <Button size="sm" variant="ghost" color="white" onClick={onLogout}>
          Esci
        </Button>
      </Flex>
      {sos}
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
            px="1"
            fontSize="sm"
            whiteSpace="normal"
            aria-current={scheda === s.id ? "page" : undefined}
            fontWeight={scheda === s.id ? "bold" : "normal"}
            color={scheda === s.id ? "blue.700" : "gray.700"}
            onClick={() => setScheda(s.id)}
          >
            {s.id === "coda" && attesa > 0 ? `${s.label} (${attesa})` : s.label}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
