import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';

export interface Credentials {
  email: string;
  password: string;
}

interface CredentialsFormProps {
  submitLabel: string;
  busy: boolean;
  passwordPlaceholder?: string;
  passwordAutoComplete: 'current-password' | 'new-password';
  onSubmit: (credentials: Credentials) => void;
}

/** Email and password, both required, as login and register share them. */
export function CredentialsForm({ submitLabel, busy, passwordPlaceholder, passwordAutoComplete, onSubmit }: CredentialsFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

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
          <Input type="email" name="email" autoComplete="email" placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.target.value)} />
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
          />
        </Field.Root>
        <Button type="submit" colorPalette="brand" width="full" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
