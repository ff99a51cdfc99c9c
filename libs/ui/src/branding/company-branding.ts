/** Accepted logo files (spec §5: JPEG, PNG, JPG, WebP and SVG). */
export const LOGO_ACCEPT = '.jpg,.jpeg,.png,.webp,.svg';
export const LOGO_NOTE = 'Recommended 200x200px, max 5MB';
export const COMPANY_NAME_MAX = 120;

/** What the company name field shows: the user's edit once they have typed, else the saved name. */
export function companyNameValue(edited: string | null, saved: string | null | undefined): string {
  return edited ?? saved ?? '';
}

/** The PUT body for saving the name: trimmed, and a blank name clears it. */
export function companyNameUpdate(value: string): { companyName: string | null } {
  const trimmed = value.trim();
  return { companyName: trimmed === '' ? null : trimmed };
}

/** Whether Save would change anything. */
export function companyNameChanged(value: string, saved: string | null | undefined): boolean {
  return companyNameUpdate(value).companyName !== (saved?.trim() || null);
}
