import type { MessageDelivery } from './port.ts';
import { redact } from './redact.ts';

/** A provider that has not answered by then has failed; the job retries later. */
const TIMEOUT_MS = 10_000;

/**
 * SMS through a Twilio-compatible HTTP API: `SMS_URL` is the Messages endpoint with the
 * account's credentials as its user and password
 * (`https://SID:TOKEN@api.twilio.com/2010-04-01/Accounts/SID/Messages.json`). Each message is
 * one form POST of `To`, `From` and `Body`, the credentials sent as HTTP Basic auth, never in
 * the URL requested. A non-2xx answer throws (status and the provider's own error text,
 * without credentials or message), so the job retries.
 */
export function smsHttpDelivery(deps: { url: string; from: string }): MessageDelivery {
  const endpoint = new URL(deps.url);
  const username = decodeURIComponent(endpoint.username);
  const password = decodeURIComponent(endpoint.password);
  const credentials = [username, password, endpoint.username, endpoint.password];
  endpoint.username = '';
  endpoint.password = '';
  const authorization =
    username || password
      ? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
      : undefined;

  return {
    async deliver(message) {
      if (message.channel !== 'sms')
        throw new Error(`the SMS adapter sends SMS, not ${message.channel}`);
      const secrets = [...credentials, message.text, ...message.text.split('\n')];
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            ...(authorization ? { authorization } : {}),
          },
          body: new URLSearchParams({ To: message.to, From: deps.from, Body: message.text }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const e = error as Error & { cause?: { code?: string } };
        const why =
          e.name === 'TimeoutError'
            ? `no answer within ${TIMEOUT_MS / 1000} s`
            : (e.cause?.code ?? e.name);
        throw new Error(`SMS delivery to ${endpoint.host} failed: ${why}`);
      }
      if (response.ok) {
        // The answer (the provider's record of the message) is not needed: free the connection.
        await response.body?.cancel();
        return;
      }
      const reason = await providerError(response);
      throw new Error(
        `SMS delivery to ${endpoint.host} failed: HTTP ${response.status}${reason ? `: ${redact(reason, secrets)}` : ''}`,
      );
    },
  };
}

/**
 * The provider's explanation of a refusal: Twilio answers `{ code, message, more_info }`. Only
 * a JSON error's `code` and `message` are kept; any other body (an HTML page of a proxy) may
 * echo anything and is left out.
 */
async function providerError(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    const parts = [
      typeof body.code === 'number' || typeof body.code === 'string' ? String(body.code) : '',
      typeof body.message === 'string' ? body.message : '',
    ].filter(Boolean);
    return parts.length ? parts.join(' ') : undefined;
  } catch {
    return undefined;
  }
}
