import { resolutionsContracts } from '@tern/domain/resolutions/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { DatasetContext } from '../../core/data/dataset.ts';
import { SESSION_QUERY_SCOPE } from '../../core/session/session-query-scope.ts';

type FlightSubject = { tripId: string; flightId: string };
/** A lost bag's options (spec 2 §2.2: `category=luggage&bagId=`). */
type BagSubject = { bagId: string };
/** What a resolution card is about: a disrupted flight or a lost bag. */
export type ResolutionSubject = FlightSubject | BagSubject;

/** The query parameters of a subject's options and answers (spec 2 §7). */
export const subjectParams = (subject: ResolutionSubject) =>
  'bagId' in subject
    ? { category: 'luggage' as const, bagId: subject.bagId }
    : { category: 'flights' as const, tripId: subject.tripId, flightId: subject.flightId };

/**
 * A flight's or a bag's resolution options. Its key holds the contract id the API's live
 * events name, so new options (a delay the watcher found, a bag's next cash stage) and every
 * move show within a second.
 */
export const optionsQuery = (
  { api, userId }: Pick<DatasetContext, 'api' | 'userId'>,
  subject: ResolutionSubject,
) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, resolutionsContracts.options.id, subject] as const,
    queryFn: ({ signal }) =>
      api.call(resolutionsContracts.options, { query: subjectParams(subject) }, { signal }),
  });

/** One lounge pass; kept by the service worker too, so it opens offline once seen. */
export const passQuery = (
  { api, userId }: Pick<DatasetContext, 'api' | 'userId'>,
  passId: string,
) =>
  queryOptions({
    queryKey: [SESSION_QUERY_SCOPE, userId, resolutionsContracts.pass.id, passId] as const,
    queryFn: ({ signal }) =>
      api.call(resolutionsContracts.pass, { params: { passId } }, { signal }),
  });
