/**
 * Spec §5/§9. Kept here rather than imported from @sopwright/contracts, whose runtime
 * import would pull all of zod into the shell bundle for one number; the server
 * enforces the same rule from contracts.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';

export function isPasswordLongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}
