import { Button, Field, Input, Stack, Textarea, notify } from '@sopwright/ui';
import { Sparkles } from 'lucide-react';
import type { FormEvent } from 'react';
import { useNavigate } from '@sopwright/web-client';
import { useCreateSopFromTextMutation } from './create-api';
import { generationFailure } from './generation-errors';

interface WriteProcessFormProps {
  title: string;
  notes: string;
  onTitleChange: (title: string) => void;
  onNotesChange: (notes: string) => void;
  /** "Blur sensitive details" (the request's `redact` field). */
  redact: boolean;
}

/** The 'Write Process' tab: a title and a free-text description of the process. */
export function WriteProcessForm({ title, notes, onTitleChange, onNotesChange, redact }: WriteProcessFormProps) {
  const [createFromText, { isLoading }] = useCreateSopFromTextMutation();
  const navigate = useNavigate();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!title.trim() || !notes.trim()) {
      notify.error('Missing fields', 'Please provide both title and text');
      return;
    }
    try {
      await createFromText({ title: title.trim(), text: notes.trim(), redact }).unwrap();
      notify.success('SOP created!');
      navigate('/dashboard');
    } catch (error) {
      const failure = generationFailure(error, 'Failed to create SOP');
      notify.error(failure.title, failure.description);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="5">
        <Field.Root>
          <Field.Label>Title</Field.Label>
          <Input
            name="title"
            placeholder="e.g. Employee Onboarding Process"
            value={title}
            maxLength={300}
            onChange={(event) => onTitleChange(event.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Notes</Field.Label>
          <Textarea
            name="notes"
            placeholder="Describe the process step by step, in your own words. Rough notes are fine."
            value={notes}
            rows={14}
            autoresize
            maxH="32rem"
            onChange={(event) => onNotesChange(event.target.value)}
          />
          <Field.HelperText>Sopwright turns your description into clear, numbered steps.</Field.HelperText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', sm: 'flex-start' }} loading={isLoading} loadingText="Generating SOP...">
          <Sparkles /> Generate SOP
        </Button>
      </Stack>
    </form>
  );
}
