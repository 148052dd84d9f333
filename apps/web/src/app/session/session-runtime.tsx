import { partnerMode } from '@tern/domain/partners/config';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useAppServices } from '../app-services.ts';
import { accessQuery, datasetQuery } from '../data/dataset-queries.ts';
import { datasetStore } from '../data/dataset-store.ts';
import { useDataLoading } from '../data/use-data-loading.ts';
import { accountStore } from './account-store.ts';
import { applyAccess } from './establish-session.ts';

/**
 * What runs while a user is signed in, whatever the page: the data loading after login, the
 * access profile (refreshed on every start, as the persisted one may be stale) and the
 * persisted account. Mounted once per session token (app-root.tsx).
 */
export function SessionRuntime({
  userId,
  agentId,
}: {
  userId: string;
  agentId?: string | undefined;
}) {
  const { http, runtime, themeConfig } = useAppServices();
  const context = useMemo(
    () => ({ http, userId: userId, partnerId: runtime.partnerId }),
    [http, userId, runtime.partnerId],
  );
  useDataLoading(context, partnerMode(themeConfig.config));

  const access = useQuery(accessQuery(context));
  useEffect(() => {
    if (access.data) applyAccess(access.data, { agentId });
  }, [access.data, agentId]);

  const user = useQuery({ ...datasetQuery('USER_DETAILS', context), enabled: false });
  useEffect(() => {
    if (user.data) accountStore.set(user.data);
  }, [user.data]);

  // A new session (this component is keyed by token) starts with nothing loaded.
  useEffect(() => () => datasetStore.reset(), []);
  return null;
}
