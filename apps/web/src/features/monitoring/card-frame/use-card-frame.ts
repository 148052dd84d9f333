import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import type { CardFrameCommand } from '@tern/domain/monitoring/schemas';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../../core/app-services.ts';
import { cardFrameCss } from './card-frame-css.ts';
import { cardFrameEventSchema } from './frame-events.ts';

/** A frame that has not said it is ready by then failed to load (the vault is unreachable…). */
export const FRAME_READY_TIMEOUT_MS = 15_000;
/** The frame's height before it tells its own, and the bounds of what it may ask for. */
const FRAME_HEIGHT = { initial: 104, min: 48, max: 400 } as const;

/** The message key the frame posts when its address has expired. */
const FRAME_EXPIRED = 'errors.card_frame_invalid';

interface TokenisedCard {
  token: string;
  /** The masked number, as the frame showed it: `**** 4242`. */
  displayValue: string;
}

export interface CardFrameOptions {
  userId: string;
  onTokenised: (card: TokenisedCard) => void;
  /** A validation or tokenising problem (a message key), or null once the number is fine. */
  onError?: ((key: string | null) => void) | undefined;
}

/** What the portal knows of one frame (spec 1 §3 "Card-entry frame state", and its load). */
interface FrameState {
  url: string | undefined;
  ready: boolean;
  timedOut: boolean;
  expired: boolean;
  focused: boolean;
  error: string | null;
  height: number;
}
const initial = (url: string | undefined): FrameState => ({
  url,
  ready: false,
  timedOut: false,
  expired: false,
  focused: false,
  error: null,
  height: FRAME_HEIGHT.initial,
});

/** The frame's address in the portal's language (`?lang=`: the vault words its field in it). */
const inLanguage = (url: string, language: string) => {
  const address = new URL(url);
  address.searchParams.set('lang', language);
  return address.toString();
};

/**
 * The card vault's card-entry frame for `userId`: asks the API for its address (for this
 * page's origin and the theme's look), hears its events — only from the vault's origin and
 * the frame's own window — and tells it to tokenise (`submit`, to that origin only).
 */
export function useCardFrame({ userId, onTokenised, onError }: CardFrameOptions) {
  const { api } = useAppServices();
  const { i18n } = useTranslation();
  const theme = useTheme();
  const css = useMemo(() => cardFrameCss(theme), [theme]);
  const origin = window.location.origin;
  const frameRef = useRef<HTMLIFrameElement>(null);

  // Each address is good for one frame's life: a new one each time the form opens, none kept,
  // and never asked for again behind the user's back (the number typed would be lost).
  const query = useQuery({
    queryKey: [monitoringContracts.cardFrame.id, userId, origin, css],
    queryFn: ({ signal }) =>
      api.call(
        monitoringContracts.cardFrame,
        { params: { id: userId }, body: { origin, css } },
        { signal },
      ),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { silent: true },
  });
  const url = query.data?.url;
  const frameOrigin = url ? new URL(url).origin : undefined;
  const src = useMemo(() => url && inLanguage(url, i18n.language), [url, i18n.language]);

  const [stored, setStored] = useState<FrameState>(() => initial(url));
  // A new address is a new frame: nothing of the last one's state carries over.
  const state = stored.url === url ? stored : initial(url);
  const update = useCallback(
    (change: Partial<FrameState>) =>
      setStored((now) => ({ ...(now.url === url ? now : initial(url)), ...change })),
    [url],
  );

  useEffect(() => {
    if (!url) return;
    const timer = setTimeout(() => {
      setStored((now) =>
        now.url === url && now.ready ? now : { ...initial(url), timedOut: true },
      );
    }, FRAME_READY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [url]);

  const hear = useEffectEvent((message: MessageEvent<unknown>) => {
    // The vault's origin exactly, and the window of this frame: another frame of the same
    // origin, or any other page, is not heard.
    if (!frameOrigin || message.origin !== frameOrigin) return;
    if (!frameRef.current || message.source !== frameRef.current.contentWindow) return;
    const parsed = cardFrameEventSchema.safeParse(message.data);
    if (!parsed.success) return;
    const event = parsed.data;
    switch (event.type) {
      case 'ready':
        return update({ ready: true, timedOut: false });
      case 'focus':
        return update({ focused: event.focused });
      case 'resize':
        return update({
          height: Math.min(FRAME_HEIGHT.max, Math.max(FRAME_HEIGHT.min, Math.ceil(event.height))),
        });
      case 'change':
      case 'validation': {
        const error = event.type === 'validation' && event.valid ? null : event.error;
        update({ error });
        return onError?.(error);
      }
      case 'post': {
        if (event.success && event.token && event.displayValue) {
          update({ error: null });
          return onTokenised({ token: event.token, displayValue: event.displayValue });
        }
        const error = event.error ?? 'errors.card_token_invalid';
        update({ error, expired: error === FRAME_EXPIRED });
        return onError?.(error);
      }
    }
  });
  useEffect(() => {
    const listen = (message: MessageEvent<unknown>) => hear(message);
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  /** Asks the frame to tokenise what was typed; false when it is not ready to. */
  const submit = useCallback((): boolean => {
    const target = frameRef.current?.contentWindow;
    if (!target || !frameOrigin || !state.ready) return false;
    const command: CardFrameCommand = { source: 'tern-portal', type: 'submit' };
    target.postMessage(command, frameOrigin);
    return true;
  }, [frameOrigin, state.ready]);

  const { refetch } = query;
  /** A new frame (a new address): after a failure to load, or once it expired. */
  const retry = useCallback(() => void refetch(), [refetch]);

  const status: 'loading' | 'ready' | 'failed' | 'expired' =
    query.isError || state.timedOut
      ? 'failed'
      : state.expired
        ? 'expired'
        : state.ready
          ? 'ready'
          : 'loading';
  return {
    frameRef,
    src,
    status,
    /** Whether the refetch of a new address is on its way (the retry button waits). */
    retrying: query.isFetching,
    focused: state.focused,
    error: state.error,
    height: state.height,
    submit,
    retry,
  };
}
