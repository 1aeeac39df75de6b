// Links inside e-mails point at the web app's pages, which call the API with the token.

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

export const verifyEmailLink = (publicUrl: string, token: string) => `${base(publicUrl)}/login?verify=${encodeURIComponent(token)}`;
export const resetPasswordLink = (publicUrl: string, token: string) => `${base(publicUrl)}/new-password/${encodeURIComponent(token)}`;
export const loginLink = (publicUrl: string) => `${base(publicUrl)}/login`;
export const forgotPasswordLink = (publicUrl: string) => `${base(publicUrl)}/forgot-password`;
/** Opens the sign-in page with a one-time pass past the per-account delay (ADR 034). */
export const unlockSignInLink = (publicUrl: string, token: string) => `${base(publicUrl)}/login?unlock=${encodeURIComponent(token)}`;
/** Confirms a new e-mail address asked for from the profile (issue 24). */
export const confirmEmailChangeLink = (publicUrl: string, token: string) =>
  `${base(publicUrl)}/confirm-email?token=${encodeURIComponent(token)}`;
