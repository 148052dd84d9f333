import { RESOLUTION_REFRESH_MS } from '@tern/domain/constants';
import { widgetHost } from '../../core/widget-host.ts';
import type { ResolutionSelection, ResolutionUpdate } from '@tern/domain/resolutions/requests';
import { resolutionsContracts } from '@tern/domain/resolutions/contracts';
import type { ResolutionOptions } from '@tern/domain/resolutions/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { optionsQuery, subjectParams, type ResolutionSubject } from './queries.ts';

export type Notice = 'resolution_submit' | 'resolution_confirm' | 'request_submitted';

/**
 * The insured's and agents' answers to one flight's (or bag's) options: each call answers the options as
 * they now stand, which replace the cached ones. A lounge or cash step that fails (an error,
 * or the option left in Failed) says so and fetches the options again 10 s later (spec 2 §4.7).
 */
export function useResolutionActions(subject: ResolutionSubject) {
  const { t } = useTranslation('resolutions');
  const context = useDatasetContext();
  const client = useQueryClient();
  const toast = useToast();
  const handleError = useErrorHandler();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const { queryKey } = optionsQuery(context, subject);

  const refreshLater = () =>
    timers.current.push(
      setTimeout(() => void client.invalidateQueries({ queryKey }), RESOLUTION_REFRESH_MS),
    );

  /** Runs a call; answers whether it went through (a Failed option did not). */
  const run = async (
    resolutionId: string,
    call: () => Promise<ResolutionOptions>,
    notice: Notice,
    failure?: 'errors.lounge_confirmation_failed' | 'errors.payout_request_failed',
  ): Promise<boolean> => {
    try {
      const answer = await call();
      client.setQueryData(queryKey, answer);
      const option = answer.resolutions.find((r) => r.id === resolutionId);
      if (failure && option?.state.status === 'Failed') {
        toast.showMessage(t(failure, { ns: 'translation' }), 'error');
        refreshLater();
        return false;
      }
      toast.showMessage(t(`notifications.${notice}`), 'success');
      if (option)
        widgetHost.announce('resolution-completed', {
          resolutionId,
          type: option.type,
          status: option.state.status,
        });
      return true;
    } catch (error) {
      if (failure) refreshLater();
      await handleError(error);
      return false;
    }
  };

  return {
    select: (
      body: Omit<ResolutionSelection, 'category' | 'tripId' | 'flightId' | 'bagId'>,
      notice: Notice,
      failure?: Parameters<typeof run>[3],
    ) =>
      run(
        body.resolutionId,
        () =>
          context.api.call(resolutionsContracts.select, {
            body: { ...subjectParams(subject), ...body },
          }),
        notice,
        failure,
      ),
    confirm: (resolutionId: string) =>
      run(
        resolutionId,
        () => context.api.call(resolutionsContracts.confirm, { params: { resolutionId } }),
        'resolution_confirm',
        'errors.lounge_confirmation_failed',
      ),
    update: (resolutionId: string, body: ResolutionUpdate) =>
      run(
        resolutionId,
        () => context.api.call(resolutionsContracts.update, { params: { resolutionId }, body }),
        'resolution_submit',
      ),
  };
}
export type ResolutionActions = ReturnType<typeof useResolutionActions>;
