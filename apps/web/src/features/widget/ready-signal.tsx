import { useEffect } from 'react';
import { useAppServices } from '../../core/app-services.ts';
import { postToHost } from './host.ts';

/**
 * Tells the host page the panel has painted (`ready`): rendered after the panel's page in one
 * Suspense boundary, so its effect runs once the page's code has arrived and shown.
 */
export function ReadySignal() {
  const origins = useAppServices().themeConfig.config.widget.embeddingOrigins;
  useEffect(() => {
    postToHost(origins, 'ready');
  }, [origins]);
  return null;
}
