import { defineContracts } from '../contract.ts';
import {
  loungePassPathSchema,
  resolutionOptionsQuerySchema,
  resolutionPathSchema,
  resolutionSelectionSchema,
  resolutionUpdateSchema,
} from './requests.ts';
import {
  WALLET_PASS_TYPE,
  loungePassSchema,
  resolutionOptionsSchema,
  walletPassFileSchema,
} from './schemas.ts';

const OWN =
  "Only the caller's own trip, bag or item (another's answers 404 TRIP_NOT_FOUND, FLIGHT_NOT_FOUND, BAG_NOT_FOUND or RESOLUTION_NOT_FOUND); an agent acting for the customer counts as them.";
const ANSWER = 'Answers the options of the same flight, bag or item as they now stand.';

/** Disruption resolutions (spec 2 §7 "Resolutions"). */
export const resolutionsContracts = defineContracts('resolutions', {
  options: {
    method: 'GET',
    path: '/platform/resolutions/options',
    summary:
      'The resolution options a disruption brought, with the insured, the policy cap and the evidence',
    description: `Category flights needs tripId and flightId, luggage bagId, parametric itemId (400 INVALID_PARAMS otherwise). A customer sees only the options of \`next.resolution\`'s type; staff see all, rejected ones too. A lost bag's options are its staged cash (the partner's stages, opened at their hours after the report while the bag is not delivered) with the bag's header; a bag whose report is not completed yet (status REPORTED) answers 403 BAG_RESOLUTION_PENDING: nothing is resolved before the report is filed. ${OWN}`,
    access: 'signedIn',
    owner: { resource: 'trip, bag or item' },
    query: resolutionOptionsQuerySchema,
    responses: { 200: resolutionOptionsSchema },
    errors: [400, 401, 403, 404],
  },
  select: {
    method: 'PUT',
    path: '/platform/resolutions',
    summary:
      "The insured's answer to an option: yes, no, call me, a lounge, a hotel, flights, cash or points",
    description: `A combined option's kind chosen ("Confirm selection": \`resolutionType\` and \`optionId\`, nothing else) is kept on the option until it is claimed (409 INVALID_RESOLUTION_STATUS once claimed). A move the status machine of spec 2 §4.7 does not allow answers 409 INVALID_RESOLUTION_STATUS; a kind the option does not offer 409 INVALID_RESOLUTION_TYPE. Cash beyond the policy cap left answers 409 CLAIMS_EXCEEDED (also under parallel claims); a cash claim sent twice pays once. A lounge that cannot take the guests 409 NO_LOUNGES_AVAILABLE; an unknown one 404 LOUNGE_NOT_FOUND; no hotel or flight left to offer 409 NO_HOTELS_AVAILABLE or NO_ALTERNATE_FLIGHTS. ${OWN} ${ANSWER}`,
    access: 'signedIn',
    limit: 'money',
    owner: { resource: 'resolution' },
    body: resolutionSelectionSchema,
    responses: { 200: resolutionOptionsSchema },
    errors: [400, 401, 404, 409, 429],
  },
  confirm: {
    method: 'PUT',
    path: '/platform/resolutions/{resolutionId}/confirm',
    summary: 'Confirm a booked lounge',
    description: `Booked → Confirmed; another status answers 409 INVALID_RESOLUTION_STATUS. ${OWN} ${ANSWER}`,
    access: 'signedIn',
    owner: { resource: 'resolution' },
    params: resolutionPathSchema,
    responses: { 200: resolutionOptionsSchema },
    errors: [400, 401, 404, 409],
  },
  update: {
    method: 'PATCH',
    path: '/platform/resolutions/{resolutionId}',
    summary: "Change an option's status: an agent's override, or the insured confirming a lounge",
    description: `An agent acting for the customer may reject or reset (Initial) an option not yet given — not paid cash or points, a booking or a used pass — set None on a lounge or hotel, and confirm a manual option the customer asked for, with an optional reason kept in the trail (the domain's \`mayMove\`). The customer may only confirm a booked lounge. Other moves answer 409 INVALID_RESOLUTION_STATUS. ${OWN} ${ANSWER}`,
    access: 'signedIn',
    limit: 'money',
    owner: { resource: 'resolution' },
    params: resolutionPathSchema,
    body: resolutionUpdateSchema,
    responses: { 200: resolutionOptionsSchema },
    errors: [400, 401, 404, 409, 429],
  },
  pass: {
    method: 'GET',
    path: '/platform/resolutions/passes/{passId}',
    summary: "One guest's lounge pass: the QR, the lounge, its directions, hours and expiry",
    description: `The pass page keeps it to open offline. ${OWN}`,
    access: 'signedIn',
    owner: { resource: 'lounge pass' },
    params: loungePassPathSchema,
    responses: { 200: loungePassSchema },
    errors: [400, 401, 404],
  },
  walletPass: {
    method: 'GET',
    path: '/platform/resolutions/passes/{passId}/wallet',
    summary: "One guest's lounge pass as an Apple Wallet file (.pkpass), to download",
    description:
      "Offered where a wallet signing certificate is configured: the pass's `walletUrl` names this call, and elsewhere it answers a signed-in caller 404 ROUTE_NOT_FOUND. The same pass as `pass` (QR, lounge, guest, flight, expiry), signed; sent as an attachment, never kept in a cache. Only the caller's own pass (another's answers 404 BOOKING_NOT_FOUND); an agent acting for the customer counts as them.",
    access: 'signedIn',
    owner: { resource: 'lounge pass' },
    params: loungePassPathSchema,
    responses: { 200: walletPassFileSchema },
    file: WALLET_PASS_TYPE,
    errors: [400, 401, 404],
  },
});
