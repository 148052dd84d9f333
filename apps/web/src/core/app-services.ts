import type { RuntimeConfig, ThemeConfig } from '@tern/domain/partners/config';
import { createContext, useContext } from 'react';
import type { ApiClient } from '../lib/api-client.ts';

/** What the portal resolved at start-up, shared with every feature. */
export type AppServices = {
  runtime: RuntimeConfig;
  /** The typed API client: every call goes through its contract. */
  api: ApiClient;
  /** The partner's theme: branding (palette, images, name) and configuration flags. */
  themeConfig: ThemeConfig;
};

export const AppServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services)
    throw new Error('useAppServices needs <AppServicesContext> (see app-providers.tsx)');
  return services;
}
