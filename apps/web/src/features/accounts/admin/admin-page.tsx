import Alert from '@mui/material/Alert';
import type { Feature } from '@tern/domain/access';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/page/load-state.tsx';
import { Page } from '../../../components/page/page.tsx';
import { useAuth } from '../../../core/session/auth-store.ts';
import { useAccess } from '../../../core/session/use-access.ts';

/** The access profile's feature behind the admin console's pages (ADMIN only). */
const ADMIN_CONSOLE = 'admin-console' satisfies Feature;

/**
 * A page of the admin console: its title, and its content only for an ADMIN on their own
 * session (not while acting for a customer); anyone else who opens its address is told the
 * page is for administrators, as the API refuses them its calls.
 */
export function AdminPage({
  title,
  lead,
  testId,
  children,
}: {
  title: string;
  lead: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('accounts');
  const access = useAccess();
  // Until the session's roles arrive, nobody is known to be an ADMIN or not.
  const rolesKnown = useAuth().loginRoles.length > 0;
  const allowed = access.onOwnConsole && access.hasFeature(ADMIN_CONSOLE);
  return (
    <Page title={title} lead={allowed ? lead : undefined} maxWidth="lg" testId={testId}>
      {allowed ? (
        children
      ) : rolesKnown ? (
        <Alert severity="info">{t('admin.no_access')}</Alert>
      ) : (
        <Loading />
      )}
    </Page>
  );
}
