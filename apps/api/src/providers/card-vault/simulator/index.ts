import {
  AppError,
  CARD_TOKEN_TTL_MS,
  cardBrand,
  cardFrameRequestSchema,
  cardNumberProblem,
  maskCard,
} from '@tern/domain';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Fingerprints } from '../../../lib/fingerprints.ts';
import { randomToken, sha256 } from '../../../lib/secrets.ts';
import type { CardFrameRequest, CardVaultPort } from '../port.ts';
import type { CardVaultFrameRow } from '../tables.ts';
import { cardVaultStore } from './store.ts';

/**
 * The embedded card vault: the one Tern runs itself, on an origin of its own (CARD_VAULT_URL,
 * served by this API on that host: `pages.ts`). Its frame's address and its tokens are random
 * 256-bit values kept only as their SHA-256; what it keeps of a card is the keyed hash, the
 * last four and the brand, never the number.
 */

/** Where the frame's pages live on the vault's origin. */
export const CARD_FRAME_PATH = '/card-frame';

/** A frame address's token and a card token: 32 random bytes, base64url (43 characters). */
const FRAME_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const CARD_TOKEN = /^tok_[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CardVaultDeps {
  db: Db;
  clock: Clock;
  fingerprints: Fingerprints;
  /** The vault's own origin (CARD_VAULT_URL's, or vault.localhost: `../index.ts`). */
  origin: string;
}

/** What became of a number typed in a frame. */
type Tokenised =
  | { token: string; displayValue: string }
  /** The number's problem: a `validation.*` key. */
  | { problem: string }
  /** The frame expired (or never was), or has tokenised its share of numbers. */
  | { refused: 'expired' | 'full' };

export interface CardVault extends CardVaultPort {
  /** The frame of an address's token, and whether it still works; undefined when unknown. */
  openFrame(frameToken: string): Promise<{ frame: CardVaultFrameRow; live: boolean } | undefined>;
  /** A number typed in the frame of `frameToken`, exchanged for a token. */
  tokenise(frameToken: string, number: unknown): Promise<Tokenised>;
}

const invalid = (field: 'origin' | 'css') =>
  new AppError('INVALID_PARAMS', {
    message: `Invalid ${field} for a card-entry frame`,
    field,
    details: [{ field, message: 'validation.invalid' }],
  });

/**
 * An origin as the frame's policy and `postMessage` compare it: scheme, host and port, no
 * path (a trailing `/` allowed). Anything else is refused rather than trimmed, so the origin
 * the portal asked for is the one the frame uses.
 */
function originOf(value: string, vaultOrigin: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('origin');
  }
  const exact = url.origin !== 'null' && [url.origin, `${url.origin}/`].includes(value);
  // A portal on the vault's own origin could read the field: the frame would protect nothing.
  if (!exact || !/^https?:$/.test(url.protocol) || url.origin === vaultOrigin)
    throw invalid('origin');
  return url.origin;
}

export function simulatedCardVault(deps: CardVaultDeps): CardVault {
  const { clock, fingerprints, origin: vaultOrigin } = deps;
  const store = cardVaultStore(deps.db);

  const openFrame = async (frameToken: string) => {
    if (!FRAME_TOKEN.test(frameToken)) return undefined;
    const frame = await store.frame(sha256(frameToken));
    return frame && { frame, live: frame.expiresAt > clock.now() };
  };

  return {
    origin: vaultOrigin,

    async frameUrl(request: CardFrameRequest) {
      if (!UUID.test(request.userId)) throw new Error('card vault: a frame needs a user id');
      const origin = originOf(request.origin, vaultOrigin);
      // The API's schema checked it; the vault checks what it is given all the same.
      const css = cardFrameRequestSchema.shape.css.safeParse(request.css);
      if (!css.success) throw invalid('css');
      const now = clock.now();
      if (request.expiresAt <= now) throw new Error('card vault: a frame must expire later');
      // Each new frame clears what has expired: the tables hold minutes of work, not history.
      await store.purge(now);
      const token = randomToken(32);
      await store.addFrame({
        tokenHash: sha256(token),
        userId: request.userId,
        origin,
        css: css.data,
        createdAt: now,
        expiresAt: request.expiresAt,
      });
      return { url: `${vaultOrigin}${CARD_FRAME_PATH}/${token}` };
    },

    async redeem(userId: string, token: string) {
      if (!UUID.test(userId) || !CARD_TOKEN.test(token)) return null;
      return store.redeem(userId, sha256(token), clock.now());
    },

    openFrame,

    async tokenise(frameToken: string, number: unknown): Promise<Tokenised> {
      const opened = await openFrame(frameToken);
      if (!opened?.live) return { refused: 'expired' };
      const typed = typeof number === 'string' ? number : '';
      // The frame's rule again: Luhn and a known range (card-validator).
      const problem = cardNumberProblem(typed);
      if (problem) return { problem };
      const token = `tok_${randomToken(32)}`;
      const now = clock.now();
      const digits = typed.replace(/\D/g, '');
      const outcome = await store.addCard(
        opened.frame.tokenHash,
        {
          tokenHash: sha256(token),
          fingerprint: fingerprints.of('CARD', digits),
          last4: digits.slice(-4),
          brand: cardBrand(digits),
        },
        now,
        new Date(now.getTime() + CARD_TOKEN_TTL_MS),
      );
      if (outcome !== 'added') return { refused: outcome };
      return { token, displayValue: maskCard(digits) };
    },
  };
}
