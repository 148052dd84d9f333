import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { codeFormSchema, otcRequestSchema } from '@tern/domain/accounts/schemas';
import { EMAIL_MAX_LENGTH, OTC_IDENTIFIER_MIN } from '@tern/domain/constants';
import type { ErrorCode } from '@tern/domain/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppServices } from '../../../core/app-services.ts';
import { useErrorHandler } from '../../../core/errors/error-handler-context.ts';
import { paths } from '../../../core/routing/paths.ts';
import { recordSignInError } from '../../../core/session/sign-in-error.ts';
import { Form } from '../../../components/form/form.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextInput } from '../../../components/inputs/text-input.tsx';
import { ApiRequestError } from '../../../lib/api-request-error.ts';
import { CodeField } from '../code-field.tsx';
import { MfaCodeStep, type MfaChallenge } from '../sign-in/mfa-code-step.tsx';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';
import { usePageTitle } from '../../../core/routing/page-title.ts';

/**
 * Errors after which the code cannot be used any more: the flow starts again from the
 * identifier, with the reason shown.
 */
const RESTART_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'TOO_MANY_ATTEMPTS',
  'EXPIRED_CODE',
  'SESSION_INVALID_CODE',
]);

const needsRestart = (error: unknown) =>
  error instanceof ApiRequestError && error.code !== undefined && RESTART_CODES.has(error.code);

/**
 * `/login/code`: sign in with a one-time code (spec 1 §4, §7): an email address or mobile
 * number → a session id → the 6-digit code sent there → a session → `/dashboard`. A user with
 * MFA on then gives the authenticator code, as after a password.
 */
export default function OneTimeCodePage() {
  const { t } = useTranslation('accounts');
  const [sent, setSent] = useState<{ identifier: string; sessionId: string } | null>(null);
  const [identifier, setIdentifier] = useState('');
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const title = challenge ? t('sign_in.mfa_title') : sent ? t('otc.code_title') : t('otc.title');
  usePageTitle(title);
  const restart = () => {
    setChallenge(null);
    setSent(null);
  };
  return (
    <Container maxWidth="sm" sx={{ py: 4 }} data-testid="one-time-code">
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {title}
          </Typography>
          {challenge ? (
            <MfaCodeStep challenge={challenge} onBack={restart} />
          ) : sent ? (
            <CodeStep
              key={sent.sessionId}
              sent={sent}
              onRestart={restart}
              onMfaRequired={setChallenge}
            />
          ) : (
            <IdentifierStep
              initial={identifier}
              onSent={(next) => {
                setIdentifier(next.identifier);
                setSent(next);
              }}
            />
          )}
          <Typography sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to={paths.landing}>
              {t('otc.use_password')}
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Container>
  );
}

function IdentifierStep({
  initial,
  onSent,
}: {
  initial: string;
  onSent: (sent: { identifier: string; sessionId: string }) => void;
}) {
  const { t } = useTranslation('accounts');
  const { api } = useAppServices();
  return (
    <Form
      schema={otcRequestSchema}
      defaultValues={{ identifier: initial }}
      onSubmit={async ({ identifier }) => {
        const { sessionId } = await api.call(accountsContracts.requestCode, {
          body: { identifier },
        });
        onSent({ identifier, sessionId });
      }}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">{t('otc.description')}</Typography>
          <TextInput
            control={form.control}
            name="identifier"
            label={t('otc.identifier')}
            autoComplete="username"
            minLength={OTC_IDENTIFIER_MIN}
            maxLength={EMAIL_MAX_LENGTH}
            required
          />
          <SubmitButton>{t('otc.send')}</SubmitButton>
        </>
      )}
    </Form>
  );
}

function CodeStep({
  sent,
  onRestart,
  onMfaRequired,
}: {
  sent: { identifier: string; sessionId: string };
  onRestart: () => void;
  onMfaRequired: (challenge: MfaChallenge) => void;
}) {
  const { t } = useTranslation('accounts');
  const { api } = useAppServices();
  const handleError = useErrorHandler();
  const completeSignIn = useCompleteSignIn();
  return (
    <Form
      schema={codeFormSchema}
      defaultValues={{ code: '' }}
      onSubmit={async ({ code }) => {
        let answer;
        try {
          answer = await api.call(accountsContracts.confirmCode, {
            body: { sessionId: sent.sessionId, code },
          });
        } catch (error) {
          if (!needsRestart(error)) throw error;
          // Shown as a message, not on the code field, which is about to go away.
          void handleError(error);
          onRestart();
          recordSignInError(error);
          return;
        }
        if (answer.status === 'MFA_REQUIRED')
          onMfaRequired({ userId: answer.userId, session: answer.session });
        else await completeSignIn(answer);
      }}
      onError={recordSignInError}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            {t('otc.code_sent', { identifier: sent.identifier })}
          </Typography>
          <CodeField control={form.control} name="code" label={t('otc.code')} />
          <SubmitButton>{t('otc.submit')}</SubmitButton>
          <Button onClick={onRestart}>{t('otc.new_code')}</Button>
        </>
      )}
    </Form>
  );
}
