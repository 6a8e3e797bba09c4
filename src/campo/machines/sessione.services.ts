/** The real side effects of the field app's session: RTK Query calls and the phone's storage. */
import { fromPromise } from "xstate";
import type { AppLoginOut } from "../../domain/contracts/console/app-guardie/schemas";
import { campoApi, campoErrorMessage } from "../api";
import type { CampoStore } from "../store";
import { campoStorage } from "../token";
import { ACCESSO_NON_RIUSCITO, sessioneMachine } from "./sessione.machine";

export function campoSessioneMachine(store: CampoStore) {
  return sessioneMachine.provide({
    actors: {
      login: fromPromise<AppLoginOut, { username: string; password: string }>(async ({ input }) => {
        try {
          return await store.dispatch(campoApi.endpoints.login.initiate(input)).unwrap();
        } catch (err) {
          const msg = campoErrorMessage(err);
          throw new Error(msg.startsWith("Errore") ? ACCESSO_NON_RIUSCITO : msg);
        }
      }),
      logout: fromPromise<unknown, void>(async () => store.dispatch(campoApi.endpoints.logout.initiate()).unwrap()),
    },
    actions: {
      store: (_, { sessione }) => campoStorage.set(sessione),
      forget: () => campoStorage.clear(),
      resetApiCache: () => {
        store.dispatch(campoApi.util.resetApiState());
      },
    },
  });
}
