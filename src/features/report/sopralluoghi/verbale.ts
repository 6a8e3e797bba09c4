/** The inspection's PDF (the report the client can receive), saved by the browser; a refusal is a toast. */
import { errorMessage } from "../../../api/base";
import { requestErrorText } from "../../../components/form";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";

export const scaricaVerbale = (id: number): Promise<void> =>
  downloadFile(`/api/report/sopralluoghi/${id}/pdf/`, `sopralluogo-${id}.pdf`).catch((err: unknown) => {
    notify.error(requestErrorText(errorMessage(err)));
  });
