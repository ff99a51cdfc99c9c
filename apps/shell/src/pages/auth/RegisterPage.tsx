import { notify } from '@sopwright/ui';
import { errorMessage, saveSession, useRegisterMutation } from '@sopwright/web-client';
import { useNavigate } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { CredentialsForm, type Credentials } from './CredentialsForm';
import { PASSWORD_TOO_SHORT, isPasswordLongEnough } from './password-rule';

export function RegisterPage() {
  const [register, { isLoading }] = useRegisterMutation();
  const navigate = useNavigate();

  const handleSubmit = async (credentials: Credentials) => {
    if (!isPasswordLongEnough(credentials.password)) {
      notify.error('Invalid password', PASSWORD_TOO_SHORT);
      return;
    }
    try {
      saveSession(await register(credentials).unwrap());
      notify.success('Account created!');
      navigate('/dashboard', { replace: true });
    } catch (error) {
      notify.error('Registration failed', errorMessage(error, 'Email may already be in use'));
    }
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start turning your processes into clear SOPs."
      switchPrompt="Already have an account?"
      switchLabel="Log in"
      switchTo="/login"
    >
      <CredentialsForm
        submitLabel="Sign Up"
        busy={isLoading}
        passwordPlaceholder="At least 6 characters"
        passwordAutoComplete="new-password"
        onSubmit={handleSubmit}
      />
    </AuthCard>
  );
}
