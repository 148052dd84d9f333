/**
 * A partner's back end using Tern's partner client (README.md): it signs a widget token for
 * the customer on its page, pays a customer, and checks a webhook Tern sent. Type-checked with
 * the package; `apps/api/src/partner-client.test.ts` runs it against the API.
 */
import {
  createPartnerClient,
  mintWidgetToken,
  verifyWebhook,
  WebhookVerificationError,
  type components,
  type PartnerClient,
  type WebhookHeaders,
} from '@tern/partner-client';

/** Your partner's credentials, from your secret store. */
export interface TernCredentials {
  baseUrl: string;
  partnerId: string;
  apiKey: string;
  /** One of your server secrets, and its id. */
  serverSecret: string;
  secretId: string;
}

export const ternClient = (tern: TernCredentials): PartnerClient =>
  createPartnerClient({
    baseUrl: tern.baseUrl,
    apiKey: tern.apiKey,
    serverSecret: tern.serverSecret,
  });

/**
 * 1. A widget token for the customer signed in on your page, for the embed script: the page
 * at `origin` shows Tern's insurance and payout panels for them.
 */
export const widgetTokenFor = (
  tern: TernCredentials,
  customer: { id: string; email: string; firstName: string; lastName: string },
  origin: string,
): Promise<string> =>
  mintWidgetToken({
    partnerId: tern.partnerId,
    secret: tern.serverSecret,
    kid: tern.secretId,
    origin,
    customer: customer.id,
    email: customer.email,
    first: customer.firstName,
    last: customer.lastName,
    locale: 'en-CA',
    panels: ['insurance', 'payoutmethods'],
  });

type Payment = components['schemas']['Payment'];

/**
 * 2. Pay a customer (their Tern user id) 125.50 CAD to their preferred payout method. The
 * idempotency key makes a retry of this call pay once.
 */
export async function payCustomer(
  client: PartnerClient,
  userId: string,
  claimId: string,
): Promise<Payment> {
  const { data, error } = await client.POST('/api/v1/platform/payouts/payments', {
    body: {
      userId,
      amount: 12_550, // minor units
      currency: 'CAD',
      reason: `Claim ${claimId}`,
      idempotencyKey: `claim-${claimId}`,
    },
  });
  if (error) throw new Error(`Tern refused the payment: ${error.code} ${error.message}`);
  return data; // status 'requested'; the payout.* webhooks tell when it is sent and settled
}

/**
 * 3. Your webhook endpoint: the body exactly as received, its headers, and the `whsec_…`
 * secret of the endpoint. Answers the HTTP status to send back (2xx: Tern does not retry).
 */
export function receiveWebhook(
  endpointSecret: string,
  headers: WebhookHeaders,
  rawBody: string,
): { status: number; event?: { type: string } } {
  try {
    const event = verifyWebhook<{ type: string }>(endpointSecret, headers, rawBody);
    // Handle event.type here; Tern may deliver an event more than once (same webhook-id).
    return { status: 204, event };
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { status: 401 };
    throw error;
  }
}
