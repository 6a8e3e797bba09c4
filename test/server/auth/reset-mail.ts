/** Reads the link and the 6-digit code out of a password-reset mail's text. */
export function readResetMail(text: string): { link: URL; uid: string; token: string; code: string } {
  const link = new URL(/(https?:\/\/\S+\/app\/reset-password\?\S+)/.exec(text)![1]);
  const code = /Codice di verifica: (\d{6})/.exec(text)![1];
  return { link, uid: link.searchParams.get("uid")!, token: link.searchParams.get("token")!, code };
}
