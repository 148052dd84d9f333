/**
 * The notifications port: how Tern sends an email or an SMS. Areas `send` (`index.ts` queues
 * the message as a job); the worker hands it to a `MessageDelivery`: the embedded default
 * (`simulated.ts`) keeps every message in the outbox table; a real adapter (an email or SMS
 * service) implements the same interface behind configuration.
 */
export type Channel = 'email' | 'sms';

export interface Notification {
  channel: Channel;
  /** An email address or an E.164 phone number. */
  to: string;
  partnerId: string;
  /** Which message this is (templates.ts), for delivery reports and tests. */
  template: string;
  subject?: string;
  text: string;
  locale: string;
}

export interface NotificationsPort {
  send(message: Notification): Promise<void>;
}

/** Where a queued message finally goes. */
export interface MessageDelivery {
  deliver(message: Notification): Promise<void>;
}
