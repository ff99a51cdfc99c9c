import { Button, Field, Input, Stack, Text } from '@sopwright/ui';
import { useId, useState, type FormEvent } from 'react';

export interface Credentials {
  email: string;
  password: string;
}

interface CredentialsFormProps {
  submitLabel: string;
  busy: boolean;
  passwordPlaceholder?: string;
  passwordAutoComplete: 'current-password' | 'new-password';
  /** Why the last attempt failed, shown under the fields and tied to them; which field it is about. */
  error?: { message: string; field: 'both' | 'password' } | null;
  onSubmit: (credentials: Credentials) => void;
}

/** Email and password, both required, as login and register share them. */
export function CredentialsForm({ submitLabel, busy, passwordPlaceholder, passwordAutoComplete, error, onSubmit }: CredentialsFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errorId = useId();
  // Screen readers hear the error with the field it concerns; both fields for a failed log-in.
  const invalid = (field: 'email' | 'password') => Boolean(error && (error.field === 'both' || error.field === field));
  const described = (field: 'email' | 'password') => (invalid(field) ? { 'aria-invalid': true, 'aria-describedby': errorId } : {});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) return;
    onSubmit({ email: email.trim(), password });
  };

  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="5">
        <Field.Root required>
          <Field.Label>Email</Field.Label>
          <Input type="email" name="email" autoComplete="email" placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.target.value)} {...described('email')} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete={passwordAutoComplete}
            placeholder={passwordPlaceholder}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...described('password')}
          />
        </Field.Root>
        {error && (
          <Text id={errorId} role="alert" color="fg.error" fontSize="sm">
            {error.message}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" width="full" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
