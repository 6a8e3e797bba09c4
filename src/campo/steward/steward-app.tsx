/**
 * The field app's steward mode (issue 33): sign-in with the access code, the gate, the counter
 * (./contatore.machine.ts, traced as "campo-contatore"). The counts not sent stay on the phone
 * across a reload, a locked screen or a new sign-in, and are sent by the next counter started.
 */
import { Box, Button, Flex, Text } from "@chakra-ui/react";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { combinedInspect } from "../../machines/inspector";
import { createTraceRecorder } from "../../machines/trace";
import type { CampoStore } from "../store";
import { campoCmsApi } from "./api";
import { inviabili } from "./contatore.machine";
import { campoContatoreMachine } from "./contatore.services";
import { Contatore, SceltaVarco } from "./contatore-screen";
import { dispositivoDi, saldoInAttesa } from "./conteggi";
import { LoginAddetto } from "./login-addetto";
import { addettoStorage, type SessioneAddetto } from "./sessione";

export function StewardApp({ store, scelta }: { store: CampoStore; scelta: ReactNode }) {
  const [sessione, setSessione] = useState<SessioneAddetto | null>(() => addettoStorage.get());
  const [avviso, setAvviso] = useState<string | null>(null);
  const aggiorna = (s: SessioneAddetto | null) => {
    if (s) addettoStorage.set(s);
    else addettoStorage.clear();
    setSessione(s);
  };
  if (!sessione) {
    return (
      <>
        {avviso && (
          <Text role="alert" color="red.700" textAlign="center" pt="4">
            {avviso}
          </Text>
        )}
        <LoginAddetto
          scelta={scelta}
          onLogin={(s) => {
            setAvviso(null);
            aggiorna({ ...s, varco_id: s.evento.varchi.length === 1 ? s.evento.varchi[0].id : null });
          }}
        />
      </>
    );
  }
  return (
    <ContatoreAddetto
      key={sessione.token}
      store={store}
      sessione={sessione}
      onVarco={(varco_id) => aggiorna({ ...sessione, varco_id })}
      onEsci={(msg) => {
        setAvviso(msg);
        aggiorna(null);
      }}
    />
  );
}

function ContatoreAddetto({
  store,
  sessione,
  onVarco,
  onEsci,
}: {
  store: CampoStore;
  sessione: SessioneAddetto;
  onVarco: (id: number | null) => void;
  onEsci: (avviso: string | null) => void;
}) {
  const recorder = useMemo(() => createTraceRecorder("campo-contatore"), []);
  const esciRef = useRef(onEsci);
  esciRef.current = onEsci;
  const machine = useMemo(
    () =>
      campoContatoreMachine(store).provide({
        actions: { sessioneScaduta: () => esciRef.current("Sessione scaduta: accedi di nuovo con il codice") },
      }),
    [store],
  );
  const actor = useActorRef(machine, {
    input: {
      varcoId: sessione.varco_id,
      varchi: sessione.evento.varchi.map((v) => v.id),
      ultimiSeq: Object.fromEntries(sessione.evento.dispositivi.map((d) => [d.codice, d.ultimo_seq])),
      baseNuova: crypto.randomUUID().slice(0, 8).toUpperCase(),
    },
    inspect: combinedInspect(recorder),
  });
  useEffect(() => {
    const online = () => actor.send({ type: "ONLINE" });
    const offline = () => actor.send({ type: "OFFLINE" });
    // Back from a locked screen: the figures now.
    const visibile = () => document.visibilityState === "visible" && actor.send({ type: "AGGIORNA" });
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    document.addEventListener("visibilitychange", visibile);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      document.removeEventListener("visibilitychange", visibile);
    };
  }, [actor]);
  const ctx = useSelector(actor, (s) => s.context);
  const [logout] = campoCmsApi.useLogoutMutation();
  const [cambia, setCambia] = useState(sessione.varco_id === null);
  const varco = sessione.evento.varchi.find((v) => v.id === ctx.varcoId);
  const live = ctx.evento;
  const liveVarco = live?.varchi.find((v) => v.id === ctx.varcoId);
  const pendenti = [...inviabili(ctx), ...ctx.inSalvataggio];
  const attesa = pendenti.length + ctx.tocchi.length;
  const altroEvento = ctx.attesa.length - inviabili(ctx).length;
  const soglie = live
    ? { attenzione: live.soglia_attenzione, massima: live.soglia_massima }
    : { attenzione: 80, massima: 95 };
  const esci = async () => {
    if (attesa > 0) return;
    await logout()
      .unwrap()
      .catch(() => undefined);
    onEsci(null);
  };

  return (
    <Flex direction="column" minH="100dvh" maxW="640px" mx="auto">
      <Flex as="header" align="center" gap="2" px="3" py="1" bg="#1a365d" color="white">
        <Text flex="1" fontWeight="semibold" truncate>
          {sessione.evento.titolo}
        </Text>
        {!ctx.online && (
          <Text fontSize="sm" bg="orange.400" color="black" px="2" rounded="sm">
            Offline
          </Text>
        )}
        <Button
          size="sm"
          variant="ghost"
          color="white"
          onClick={esci}
          disabled={attesa > 0}
          title={attesa > 0 ? "Prima di uscire attendi l'invio dei conteggi" : undefined}
        >
          Esci
        </Button>
      </Flex>
      <Box as="main" flex="1" px="3" py="3">
        {cambia || !varco ? (
          <SceltaVarco
            varchi={sessione.evento.varchi}
            onScegli={(id) => {
              actor.send({ type: "SCEGLI_VARCO", varcoId: id });
              onVarco(id);
              setCambia(false);
            }}
          />
        ) : (
          <Contatore
            varco={{
              nome: varco.nome,
              capienza: varco.capienza,
              presenti: liveVarco ? liveVarco.presenti + saldoInAttesa(pendenti, varco.id) : null,
            }}
            evento={{
              capienza: live?.totale.capienza ?? sessione.evento.varchi.reduce((n, v) => n + v.capienza, 0),
              presenti: live ? live.totale.presenti + saldoInAttesa(pendenti) : null,
            }}
            soglie={soglie}
            attesa={attesa}
            online={ctx.online}
            errore={ctx.errore}
            onTap={(delta) => actor.send({ type: "TAP", delta, at: Date.now() })}
            onCambiaVarco={() => setCambia(true)}
          />
        )}
        {altroEvento > 0 && (
          <Text fontSize="sm" mt="3">
            {altroEvento} conteggi di un altro evento restano sul telefono: partiranno quando accedi a quell'evento.
          </Text>
        )}
        <Text fontSize="xs" color="gray.600" mt="4">
          Dispositivo {varco ? dispositivoDi(ctx.base, varco.id) : ctx.base}
        </Text>
      </Box>
    </Flex>
  );
}
