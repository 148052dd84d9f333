import { DAY_MS } from '../constants.ts';

/** Where Apple's "Share Item Location" links live. */
export const AIRTAG_LINK_HOST = 'found.apple.com';
/** https on that host exactly, then a path, query or fragment (or nothing). */
export const AIRTAG_LINK_PATTERN = /^https:\/\/found\.apple\.com(?:[/?#]\S*)?$/i;
/** Apple ends a shared item location after 7 days (or when the owner stops sharing). */
export const AIRTAG_LINK_LIFETIME_MS = 7 * DAY_MS;

/**
 * Montreal Convention art. 22(2): a carrier's liability for destroyed, lost, damaged or
 * delayed baggage, per passenger, in Special Drawing Rights — 1,519 SDR since 28 December
 * 2024 (ICAO's revision of the limits).
 */
export const MONTREAL_BAGGAGE_LIMIT_SDR = 1519;
export const MONTREAL_LIMIT_SINCE = '2024-12-28';
