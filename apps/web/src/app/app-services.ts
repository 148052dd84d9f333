import type { RuntimeConfig, ThemeConfig } from '@tern/domain/partners/config';
import { createContext, useContext } from 'react';
import type { HttpClient } from '../lib/http.ts';

/** What the portal resolved at start-up, shared with every feature. */
export type AppServices = {
  runtime: RuntimeConfig;
  http: HttpClient;
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
