import type { SQL } from 'drizzle-orm';

/**
 * The notifications port: how Tern sends an email or an SMS. Areas `send` (`queue.ts` queues
 * the message as a job); the worker hands it to a `MessageDelivery`: the embedded default
 * (`simulated.ts`) keeps every message in the outbox table; the real adapters (`smtp.ts` for
 * email, `sms-http.ts` for SMS) implement the same interface and pass the same suite
 * (`port-suite.ts`), and `index.ts` picks one per channel from the configuration.
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
  /**
   * Marketing messages leave only while their recipient (`userId`) has the channel's
   * marketing preference on (spec 1 §3 comms), checked when delivered; transactional ones
   * (codes, links, news of the account) always go. Transactional when absent.
   */
  purpose?: 'transactional' | 'marketing';
  userId?: string;
}

/** Whether a user has the marketing preference of a channel on (the accounts area answers). */
export type MarketingConsent = (userId: string, channel: Channel) => Promise<boolean>;

export interface NotificationsPort {
  send(message: Notification): Promise<void>;
  /**
   * The same as an SQL expression, for the statement of the change the message tells of:
   * queued in that statement's commit, and not at all if the change fails.
   */
  queuing(message: Notification): SQL;
}

/** What the queue knows of one delivery besides the message. */
interface DeliveryContext {
  /**
   * The same for every attempt at one queued message, different for every message sent (even
   * two with the same text): an email's Message-ID, so a retried send is recognisably the same
   * email. It reveals nothing of the message (see queue.ts).
   */
  deliveryId: string;
}

/** Where a queued message finally goes. */
export interface MessageDelivery {
  deliver(message: Notification, context: DeliveryContext): Promise<void>;
}
