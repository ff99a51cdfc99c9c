import { Field, Input } from '@sopwright/ui';

/** The optional title of a media SOP; left blank, Sopwright derives one from the content. */
export function MediaTitleField({ value, onChange }: { value: string; onChange: (title: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>Title</Field.Label>
      <Input name="title" placeholder="e.g. Reset a customer's password" value={value} maxLength={300} onChange={(event) => onChange(event.target.value)} />
      <Field.HelperText>Optional: leave it blank and Sopwright names the SOP from what it sees and hears.</Field.HelperText>
    </Field.Root>
  );
}
