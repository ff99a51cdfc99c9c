import { notify } from '@sopwright/ui';
import { errorMessage, saveSession, useRegisterMutation, useNavigate, useSearchParams } from '@sopwright/web-client';
import { useState } from 'react';
import { AuthCard } from './AuthCard';
import { CredentialsForm, type Credentials } from './CredentialsForm';
import { RETURN_PARAM, safeReturnPath, withReturnPath } from '../../routing/return-path';
import { PASSWORD_TOO_SHORT, isPasswordLongEnough } from './password-rule';

export function RegisterPage() {
  const [register, { isLoading }] = useRegisterMutation();
  const navigate = useNavigate();
  // Where the visitor came from (an invitation link), to go back to once signed in.
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const [failure, setFailure] = useState<{ message: string; field: 'both' | 'password' } | null>(null);

  const handleSubmit = async (credentials: Credentials) => {
    setFailure(null);
    if (!isPasswordLongEnough(credentials.password)) {
      notify.error('Invalid password', PASSWORD_TOO_SHORT);
      setFailure({ message: PASSWORD_TOO_SHORT, field: 'password' });
      return;
    }
    try {
      saveSession(await register(credentials).unwrap());
      notify.success('Account created!');
      navigate(returnTo ?? '/dashboard', { replace: true });
    } catch (error) {
      const message = errorMessage(error, 'Email may already be in use');
      notify.error('Registration failed', message);
      setFailure({ message, field: 'both' });
    }
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start turning your processes into clear SOPs."
      switchPrompt="Already have an account?"
      switchLabel="Log in"
      switchTo={withReturnPath('/login', returnTo)}
    >
      <CredentialsForm
        submitLabel="Sign Up"
        busy={isLoading}
        passwordPlaceholder="At least 6 characters"
        passwordAutoComplete="new-password"
        error={failure}
        onSubmit={handleSubmit}
      />
    </AuthCard>
  );
}
