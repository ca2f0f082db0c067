/**
 * Rules for an admin's own account, shared by the profile form and the server: the server enforces
 * them (HTTP 422 per field), the form can check them before sending.
 */

export const NAME_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** At least 8 characters, with at least one letter and one digit. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH && /\p{L}/u.test(password) && /\p{Nd}/u.test(password)
  );
}

/** A deliberately plain check: something@something.tld, no spaces. */
export function isEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 255;
}
