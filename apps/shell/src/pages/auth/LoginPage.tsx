import { notify } from '@sopwright/ui';
import { errorMessage, saveSession, useLoginMutation } from '@sopwright/web-client';
import { useNavigate } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { CredentialsForm, type Credentials } from './CredentialsForm';

export function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();

  const handleSubmit = async (credentials: Credentials) => {
    try {
      saveSession(await login(credentials).unwrap());
      notify.success('Welcome back!');
      navigate('/dashboard', { replace: true });
    } catch (error) {
      notify.error('Login failed', errorMessage(error, 'Invalid credentials'));
    }
  };

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to your Sopwright account."
      switchPrompt="New to Sopwright?"
      switchLabel="Create an account"
      switchTo="/register"
    >
      <CredentialsForm submitLabel="Log In" busy={isLoading} passwordAutoComplete="current-password" onSubmit={handleSubmit} />
    </AuthCard>
  );
}
