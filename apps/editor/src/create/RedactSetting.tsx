import { Box, HStack, Text } from '@sopwright/ui';
import { useId } from 'react';

/**
 * "Blur sensitive details": automatic redaction of the generation (the request's `redact`
 * field). A native checkbox with its label and description, so it reads and toggles with a
 * keyboard and a screen reader.
 */
export function RedactSetting({ checked, onChange, disabled = false }: { checked: boolean; onChange: (on: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <HStack align="flex-start" gap="3">
      <input
        id={id}
        type="checkbox"
        name="redact"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange(event.target.checked)}
        style={{ width: '1.125rem', height: '1.125rem', marginTop: '0.2rem', flexShrink: 0, accentColor: 'var(--chakra-colors-brand-solid)' }}
      />
      <Box>
        <Text asChild fontWeight="medium">
          <label htmlFor={id}>Blur sensitive details</label>
        </Text>
        <Text id={`${id}-description`} fontSize="sm" color="fg.muted">
          Emails, phone and card numbers, IBANs, IP addresses and keys are blurred in images and masked in text.
        </Text>
      </Box>
    </HStack>
  );
}
