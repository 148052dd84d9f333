import { z } from 'zod';
import {
  AppError,
  WIDGET_PANEL_NAMES,
  type EmbeddingOrigins,
  widgetPanelSchema,
  type WidgetPanel,
  type WidgetSession,
} from '@tern/domain';
import { TOKEN_MAX_LIFETIME_S } from '@tern/partner-client';
import {
  isTokenRefusal,
  refusedAs,
  type CustomerClaims,
  type PartnerTokens,
  type SessionsService,
} from '../accounts/index.ts';
import { partnerConfig, type PartnerRow, type PartnersService } from '../partners/index.ts';

/** The widget's own claim: the panels the token opens (left out: every panel). */
const panelsClaimSchema = z.object({
  panels: z.array(widgetPanelSchema).min(1).max(WIDGET_PANEL_NAMES.length).optional(),
});

/** Who may frame nothing at all: a partner that lists no embedding origin. */
const NOBODY = "'none'";

/**
 * Widget tokens (issue 30, spec 2 §7 "Widget login with access token"): a partner's back end
 * vouches for its customer as for single sign-on (ADR 0003), but for one of its embedding
 * origins, exactly — the page that will frame the panels — instead of itself; neither kind of
 * token passes for the other. The token opens a widget session on its panels once, and until
 * then says which origin may frame the panel its address opens.
 */
export function widgetService(deps: {
  tokens: PartnerTokens;
  sessions: Pick<SessionsService, 'open'>;
  partners: Pick<PartnersService, 'byId' | 'overrideConfig'>;
  /** Production: every embedding origin must be https (the panels carry a customer's session). */
  httpsOnly: boolean;
}) {
  const { tokens, sessions, partners } = deps;
  const originsOf = (partner: PartnerRow) => partnerConfig(partner).widget.embeddingOrigins;

  async function verify(
    partner: PartnerRow,
    token: string,
  ): Promise<{ claims: CustomerClaims; panels: WidgetPanel[] | undefined }> {
    const { claims, payload } = await tokens.verify(
      partner,
      token,
      originsOf(partner),
      TOKEN_MAX_LIFETIME_S,
    );
    const { panels } = panelsClaimSchema.parse(payload);
    // In the panels' own order, each once.
    return { claims, panels: panels && WIDGET_PANEL_NAMES.filter((p) => panels.includes(p)) };
  }

  return {
    /** `POST /platform/widget/sessions`: the token used up for a widget session. */
    open: (partner: PartnerRow, token: string): Promise<WidgetSession> =>
      refusedAs('Widget sign-in failed', async () => {
        const { claims, panels } = await verify(partner, token);
        await tokens.consume(partner, claims);
        const user = await tokens.customerFor(partner, claims);
        const session = await sessions.open({
          userId: user.id,
          partnerId: partner.id,
          kind: 'widget',
          panels,
        });
        return {
          userId: user.id,
          accessToken: session.token,
          expiresAt: session.expiresAt,
          origin: claims.aud,
          panels: panels ?? WIDGET_PANEL_NAMES,
        };
      }),

    /**
     * Who may frame a widget page of the partner (`frame-ancestors`): the origin its token
     * was minted for while that token is good and unused — the token is only looked at,
     * the panel uses it up — else every embedding origin of the partner; nobody without one.
     */
    async frameAncestors(partner: PartnerRow, token: string | undefined): Promise<string[]> {
      if (token) {
        const claims = await verify(partner, token).then(
          (verified) => verified.claims,
          (cause: unknown) => {
            if (isTokenRefusal(cause)) return undefined;
            throw cause;
          },
        );
        if (claims && !(await tokens.isUsed(partner, claims))) return [claims.aud];
      }
      const origins = originsOf(partner);
      return origins.length > 0 ? [...origins] : [NOBODY];
    },

    /** The partner's embedding origins, as stored now (not as a cache last read them). */
    async origins(partnerId: string): Promise<EmbeddingOrigins> {
      const partner = await partners.byId(partnerId);
      if (!partner)
        throw new AppError('PARTNER_NOT_FOUND', { message: `Partner ${partnerId} is missing` });
      return { origins: originsOf(partner) };
    },

    /** The whole list replaced (each origin once, in the order given). */
    async setOrigins(partnerId: string, request: EmbeddingOrigins): Promise<EmbeddingOrigins> {
      if (deps.httpsOnly && request.origins.some((origin) => !origin.startsWith('https://')))
        throw new AppError('EMBEDDING_ORIGIN_INSECURE', {
          message: 'Embedding origins must be https',
        });
      const embeddingOrigins = [...new Set(request.origins)];
      const partner = await partners.overrideConfig(partnerId, 'widget', { embeddingOrigins });
      return { origins: originsOf(partner) };
    },
  };
}
export type WidgetService = ReturnType<typeof widgetService>;
