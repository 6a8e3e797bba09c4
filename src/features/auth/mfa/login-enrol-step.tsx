/**
 * Issue 37: the login of a user the policy obliges to a second factor and who has none yet. The
 * password was right; the server answered a challenge that opens only the enrolment. Nothing else
 * is reachable until the code confirms it (the token is issued only then). Loaded on demand.
 */
import { Heading, Stack, Text } from "@chakra-ui/react";
import { useRef } from "react";
import { mfaApi } from "../../../api/mfa.endpoints";
import type { Account } from "../../../domain/contracts/auth/credentials";
import { MFA_REQUIRED_NOTE } from "../../../domain/mfa";
import { useAppDispatch } from "../../../lib/hooks";
import { useSessionActor } from "../../../machines/session-context";
import { EnrolPanel } from "./enrol-panel";

export function LoginEnrolStep({ challenge }: { challenge: string }) {
  const actor = useSessionActor();
  const dispatch = useAppDispatch();
  const done = useRef<{ token: string; user: Account } | null>(null);
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        Attiva la verifica in due passaggi
      </Heading>
      <Text color="fg.muted">{MFA_REQUIRED_NOTE}: completala per accedere.</Text>
      <EnrolPanel
        start={() => dispatch(mfaApi.endpoints.loginEnrol.initiate({ challenge })).unwrap()}
        confirm={async (code) => {
          const r = await dispatch(mfaApi.endpoints.loginEnrolConfirm.initiate({ challenge, code })).unwrap();
          done.current = { token: r.token, user: r.user };
          return r.recovery_codes;
        }}
        onDone={() => done.current && actor.send({ type: "MFA_DONE", ...done.current })}
        doneLabel="Ho salvato i codici, accedi"
      />
    </Stack>
  );
}
