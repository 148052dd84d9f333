import { z } from 'zod';
import { defineContracts } from '../contract.ts';
import {
  bagAttachmentPathSchema,
  bagAttachmentQuerySchema,
  bagPathSchema,
  lostBagPatchSchema,
  lostBagRequestSchema,
} from './requests.ts';
import { luggageRoutes } from './routes.ts';
import { lostBagListSchema, lostBagSchema } from './schemas.ts';

const BAG_PATH = '/travel/luggage/lost/bags/{bagId}';
const REPORT_CHECKS =
  'PIR (3-letter station, 2-character airline, 5 digits), tag (10 digits), colour and type (WorldTracer codes) are refused with their field; the station must be a known airport (field pir). The report date is YYYY-MM-DD HH:mm on the station’s clock, not before the flight’s departure nor in the future (field reportedOnLocal); its UTC version is kept beside it. A flight that is not on one of the caller’s trips answers 404 FLIGHT_NOT_FOUND; the same tag on the same flight twice 409 BAG_ALREADY_REPORTED.';

/** Lost luggage (spec 2 §7 "Luggage"). */
export const luggageContracts = defineContracts('luggage', {
  bags: {
    ...luggageRoutes.bags,
    summary: "The caller's lost-bag reports, newest first",
    access: 'signedIn',
    responses: { 200: lostBagListSchema },
    errors: [401],
  },
  reportBag: {
    method: 'POST',
    path: luggageRoutes.bags.path,
    summary: 'Report a bag that did not arrive (status REPORTED until the report is completed)',
    description: REPORT_CHECKS,
    access: 'signedIn',
    body: lostBagRequestSchema,
    responses: { 201: lostBagSchema },
    errors: [400, 401, 404, 409],
  },
  bag: {
    method: 'GET',
    path: BAG_PATH,
    summary: 'One of the caller’s bags, with its evidence timeline',
    description: "Another user's bag answers 404 BAG_NOT_FOUND.",
    access: 'signedIn',
    owner: { resource: 'bag' },
    params: bagPathSchema,
    responses: { 200: lostBagSchema },
    errors: [400, 401, 404],
  },
  updateBag: {
    method: 'PATCH',
    path: BAG_PATH,
    summary: 'Complete a report (status BAG_REPORTED_LOST) or correct its details',
    description: `${REPORT_CHECKS} Completing needs the bag's photo first (400 MISSING_PARAMS, field image). Details are fixed once tracing has ended (409 INVALID_BAG_STATUS).`,
    access: 'signedIn',
    owner: { resource: 'bag' },
    params: bagPathSchema,
    body: lostBagPatchSchema,
    responses: { 200: lostBagSchema },
    errors: [400, 401, 403, 404, 409],
  },
  removeBag: {
    method: 'DELETE',
    path: BAG_PATH,
    summary: 'Withdraw a report',
    description:
      'A bag whose cash has been claimed or paid stays (403 BAG_RESOLUTION_PENDING). Answers the bags left.',
    access: 'signedIn',
    owner: { resource: 'bag' },
    params: bagPathSchema,
    responses: { 200: lostBagListSchema },
    errors: [400, 401, 403, 404],
  },
  attach: {
    method: 'POST',
    path: `${BAG_PATH}/attachments`,
    summary: 'Upload the bag report image (one document per report)',
    description:
      'multipart/form-data, one file: JPEG, PNG, HEIC or WebP by its bytes (415 UNSUPPORTED_MEDIA_TYPE whatever its name says), at most 15 MB (413 PAYLOAD_TOO_LARGE before it is stored). Stored re-encoded, without EXIF; HEIC as JPEG. A second image answers 409 DOCUMENT_ALREADY_ATTACHED. The file is served once the virus scan clears it.',
    access: 'signedIn',
    limit: 'upload',
    owner: { resource: 'bag' },
    params: bagPathSchema,
    query: bagAttachmentQuerySchema,
    upload: 'bag-photo',
    responses: { 201: lostBagSchema },
    errors: [400, 401, 404, 409, 413, 415, 429],
  },
  attachment: {
    method: 'GET',
    path: `${BAG_PATH}/attachments/{attachmentId}`,
    summary: 'A file of a bag: a 302 to a signed download that lives at most 5 minutes',
    description:
      "Another user's file answers 404 DOCUMENT_NOT_FOUND; one still being scanned 409 DOCUMENT_NOT_READY; a quarantined one is never served (404).",
    access: 'signedIn',
    owner: { resource: 'bag' },
    params: bagAttachmentPathSchema,
    redirect: true,
    responses: { 302: z.object({ location: z.string() }) },
    errors: [400, 401, 404, 409],
  },
});
