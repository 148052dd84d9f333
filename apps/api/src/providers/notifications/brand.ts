import { baselineBranding, type Branding } from '@tern/domain';

/** What a branded email needs of its partner: the branding and, when stored, the logo file. */
export interface PartnerBrand {
  branding: Branding;
  logo?: { contentType: string; body: Buffer };
}

/** The brand a message goes out in, by the partner id it carries. */
export type BrandOf = (partnerId: string) => Promise<PartnerBrand>;

/** What `partnerBrands` reads of the partners area (its service offers both). */
export interface PartnerLookup {
  byId(id: string): Promise<{ branding: Branding } | undefined>;
  asset(theme: string, name: string): Promise<{ contentType: string; body: Buffer } | undefined>;
}

/** A theme image stored in `partner_assets`, as branding names it (`/assets/themes/travel/logo.svg`). */
const STORED_ASSET = /^\/assets\/themes\/([a-z0-9-]{1,64})\/([A-Za-z0-9._-]{1,128})$/;

/**
 * A partner's brand from the partners area. The logo is read only when the branding points
 * at a stored theme image: a logo elsewhere (another host) is never fetched, so building an
 * email makes no outbound request on a partner's say-so; the email shows the wordmark then.
 * An unknown partner (deleted since the message was queued) gets the baseline brand.
 */
export function partnerBrands(partners: PartnerLookup): BrandOf {
  return async (partnerId) => {
    const partner = await partners.byId(partnerId);
    if (!partner) return { branding: baselineBranding };
    const stored = STORED_ASSET.exec(partner.branding.images.logo);
    const logo = stored ? await partners.asset(stored[1]!, stored[2]!) : undefined;
    return logo
      ? { branding: partner.branding, logo: { contentType: logo.contentType, body: logo.body } }
      : { branding: partner.branding };
  };
}
