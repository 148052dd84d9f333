import { WIDGET_PANELS, type WidgetPanel } from '@tern/domain/widget/panels';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page/page-loader.tsx';
import { useAppServices } from '../../core/app-services.ts';
import { useAccess } from '../../core/session/use-access.ts';
import { NoticePage } from './notice-page.tsx';
import { ReadySignal } from './ready-signal.tsx';
import { useWidgetLink } from './widget-link.ts';

export type PanelPages = { page: ComponentType; compact?: ComponentType | undefined };

/**
 * One widget panel: the area's page when the user may see it — the feature of spec 2 §6
 * (luggage, passengers, payout methods) in their access profile, and the panel among those
 * their token opened — else the insufficient-privilege notice. `?basic=true` shows the compact
 * view where the area has one. A panel no offered area fills (luggage for a bank) says so.
 */
export function PanelRoute({ panel, pages }: { panel: WidgetPanel; pages?: PanelPages }) {
  const { t } = useTranslation('widget');
  const { name } = useAppServices().themeConfig.branding;
  const access = useAccess();
  const link = useWidgetLink();
  const [params] = useSearchParams();
  const { feature } = WIDGET_PANELS[panel] as { feature?: string };
  if ((feature && !access.hasFeature(feature)) || (link && !link.panels.includes(panel)))
    return (
      <NoticePage
        title={t('insufficient.title')}
        text={t('insufficient.text', { name })}
        testId="widget-insufficient"
      />
    );
  if (!pages)
    return (
      <NoticePage
        title={t('unavailable.title')}
        text={t('unavailable.text', { name })}
        testId="widget-unavailable"
      />
    );
  const Page = params.get('basic') === 'true' && pages.compact ? pages.compact : pages.page;
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
      <ReadySignal />
    </Suspense>
  );
}
