import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { codeFormSchema } from '@tern/domain/accounts/schemas';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../../core/app-services.ts';
import { recordSignInError } from '../../../core/session/sign-in-error.ts';
import { Form } from '../../../components/form/form.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { ApiRequestError } from '../../../lib/api-request-error.ts';
import { CodeField } from '../code-field.tsx';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';

/** What a login of a user with MFA on answers instead of a session. */
export type MfaChallenge = { userId: string; session: string };

/** The second step of a login with MFA: the code of the user's authenticator app. */
export function MfaCodeStep({
  challenge,
  onBack,
}: {
  challenge: MfaChallenge;
  onBack: () => void;
}) {
  const { t } = useTranslation('accounts');
  const { api } = useAppServices();
  const completeSignIn = useCompleteSignIn();
  return (
    <Form
      schema={codeFormSchema}
      defaultValues={{ code: '' }}
      onSubmit={async ({ code }) =>
        completeSignIn(
          await api.call(accountsContracts.confirmMfa, { body: { ...challenge, code } }),
        )
      }
      onError={(error) => {
        recordSignInError(error);
        // The verification session has ended (401): sign in again from the start.
        if (error instanceof ApiRequestError && error.status === 401) onBack();
      }}
    >
      {(form) => (
        <>
          <Typography>{t('sign_in.mfa_description')}</Typography>
          <CodeField control={form.control} name="code" label={t('sign_in.code')} />
          <SubmitButton>{t('sign_in.verify')}</SubmitButton>
          <Button onClick={onBack}>{t('sign_in.back')}</Button>
        </>
      )}
    </Form>
  );
}
