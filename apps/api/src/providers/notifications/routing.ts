import type { Channel, MessageDelivery } from './port.ts';

/** Each channel to its own provider; a channel without one goes to `fallback`. */
export function routedDelivery(
  providers: Partial<Record<Channel, MessageDelivery>>,
  fallback: MessageDelivery,
): MessageDelivery {
  return {
    deliver: (message, context) =>
      (providers[message.channel] ?? fallback).deliver(message, context),
  };
}
