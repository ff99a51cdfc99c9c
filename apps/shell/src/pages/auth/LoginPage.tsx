import { notify } from '@sopwright/ui';
import { errorMessage, saveSession, useLoginMutation, useNavigate, useSearchParams } from '@sopwright/web-client';
import { useState } from 'react';
import { AuthCard } from './AuthCard';
import { CredentialsForm, type Credentials } from './CredentialsForm';
import { RETURN_PARAM, safeReturnPath, withReturnPath } from '../../routing/return-path';

export function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();
  // Where the visitor came from (an invitation link), to go back to once signed in.
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = async (credentials: Credentials) => {
    setFailure(null);
    try {
      saveSession(await login(credentials).unwrap());
      notify.success('Welcome back!');
      navigate(returnTo ?? '/dashboard', { replace: true });
    } catch (error) {
      const message = errorMessage(error, 'Invalid credentials');
      notify.error('Login failed', message);
      setFailure(message);
    }
  };

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to your Sopwright account."
      switchPrompt="New to Sopwright?"
      switchLabel="Create an account"
      switchTo={withReturnPath('/register', returnTo)}
    >
      <CredentialsForm
        submitLabel="Log In"
        busy={isLoading}
        passwordAutoComplete="current-password"
        error={failure ? { message: failure, field: 'both' } : null}
        onSubmit={handleSubmit}
      />
    </AuthCard>
  );
}
