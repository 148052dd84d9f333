/**
 * A provider's answer made fit for an error message. A failed delivery's error is logged and
 * kept with the job (`last_error`), so it must not carry what the message or the
 * configuration hold: the text (codes, reset links), credentials, addresses.
 */
const MAX_LENGTH = 200;

export function redact(answer: string, secrets: readonly string[]): string {
  let text = answer.split(/\r?\n/)[0] ?? '';
  // Longest first, so a secret containing another is removed whole.
  for (const secret of [...secrets]
    .filter((s) => s.length >= 3)
    .sort((a, b) => b.length - a.length))
    text = text.split(secret).join('[redacted]');
  text = text
    // One-time codes are 6 digits; phone numbers longer. Provider error codes (5 digits) stay.
    .replace(/\d{6,}/g, '[digits]')
    .replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[address]');
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text;
}
