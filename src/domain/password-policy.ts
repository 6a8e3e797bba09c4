/**
 * Password rules, the same on the screen and on the server: at least 8 characters, not only
 * digits, not a common password, not built on the username or the person's name.
 */
const COMMON = new Set([
  "password",
  "password1",
  "password123",
  "passw0rd",
  "12345678",
  "123456789",
  "1234567890",
  "qwertyui",
  "qwerty123",
  "iloveyou",
  "admin123",
  "administrator",
  "welcome1",
  "benvenuto",
  "benvenuto1",
  "ciao1234",
  "juventus",
  "juventus1",
  "napoli123",
  "milan123",
  "inter1234",
  "forzainter",
  "forzamilan",
  "forzanapoli",
  "cambiami",
  "cambiami1",
  "vigilanza",
  "vigilanza1",
  "sicurezza",
  "sicurezza1",
  "guardia1",
  "abcd1234",
  "abc12345",
  "11111111",
  "00000000",
  "letmein1",
  "superman",
  "football",
  "baseball",
  "sunshine",
  "princess",
  "trustno1",
  "dragon123",
  "monkey123",
  "master123",
  "amore123",
  "tiamo123",
  "password!",
]);

export const PASSWORD_MIN_LENGTH = 8;

/** The rules of passwordProblem in one line, shown under every new-password field. */
export const PASSWORD_POLICY_TEXT = `Almeno ${PASSWORD_MIN_LENGTH} caratteri, non solo numeri, non una password comune, non simile al nome utente o ai tuoi dati.`;

export interface PasswordContext {
  username?: string | null;
  email?: string | null;
  nome?: string | null;
  cognome?: string | null;
}

/** Returns the Italian reason the password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, ctx: PasswordContext = {}): string | null {
  if (!password || password.length < PASSWORD_MIN_LENGTH) {
    return `La password deve contenere almeno ${PASSWORD_MIN_LENGTH} caratteri`;
  }
  if (password.length > 128) return "La password non può superare i 128 caratteri";
  if (/^\d+$/.test(password)) return "La password non può essere composta solo da numeri";
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return "Questa password è troppo comune: scegline una meno prevedibile";
  if (/^(.)\1+$/.test(password)) return "La password non può ripetere un solo carattere";
  const parts = [ctx.username, ctx.email?.split("@")[0], ctx.nome, ctx.cognome]
    .map((p) => (p ?? "").toLowerCase().trim())
    .filter((p) => p.length >= 3);
  for (const p of parts) {
    if (lower.includes(p) || p.includes(lower)) {
      return "La password è troppo simile al nome utente o ai dati personali";
    }
  }
  return null;
}
