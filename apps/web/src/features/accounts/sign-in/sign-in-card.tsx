import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../core/routing/paths.ts';
import { useLoggedIn } from '../../../core/session/use-logged-in.ts';
import type { MfaChallenge } from './mfa-code-step.tsx';
import { PasswordStep } from './password-step.tsx';

// Only accounts with MFA on see it: its contracts and zod load when they do.
const MfaCodeStep = lazy(() =>
  import('./mfa-code-step.tsx').then((m) => ({ default: m.MfaCodeStep })),
);

/**
 * The sign-in card of `/` (spec 1 §2): email and password, then the authenticator code when
 * the account has MFA on; links to the one-time-code sign-in, password reset and register.
 * Someone already signed in is welcomed back, with the way to the dashboard instead.
 */
export default function SignInCard() {
  const { t } = useTranslation('accounts');
  const loggedIn = useLoggedIn();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  return (
    <Card component="section" aria-labelledby="sign-in-title" sx={{ width: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Typography id="sign-in-title" variant="h5" component="h2" gutterBottom>
          {challenge
            ? t('sign_in.mfa_title')
            : loggedIn
              ? t('sign_in.welcome_back')
              : t('sign_in.title')}
        </Typography>
        {loggedIn && !challenge ? (
          <>
            <Typography sx={{ mb: 2 }}>{t('sign_in.signed_in')}</Typography>
            <Button variant="contained" component={RouterLink} to={paths.dashboard}>
              {t('sign_in.go_to_dashboard')}
            </Button>
          </>
        ) : challenge ? (
          <Suspense fallback={null}>
            <MfaCodeStep challenge={challenge} onBack={() => setChallenge(null)} />
          </Suspense>
        ) : (
          <PasswordStep onMfaRequired={setChallenge} />
        )}
      </CardContent>
    </Card>
  );
}
