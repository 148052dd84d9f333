import { createContext } from 'react';

/** A link a card offers: the way to fill an empty card, or the page a figure counts. */
export type CardAction = { label: string; to: string };

/**
 * What an empty card offers when its area gives no action of its own (the dashboard gives
 * the help centre), so an empty card is never a dead end.
 */
export const DefaultEmptyActionContext = createContext<CardAction | undefined>(undefined);
