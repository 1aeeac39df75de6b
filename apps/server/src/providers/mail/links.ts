// Links inside e-mails point at the web app's pages, which call the API with the token.

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

export const verifyEmailLink = (publicUrl: string, token: string) => `${base(publicUrl)}/login?verify=${encodeURIComponent(token)}`;
export const resetPasswordLink = (publicUrl: string, token: string) => `${base(publicUrl)}/new-password/${encodeURIComponent(token)}`;
export const loginLink = (publicUrl: string) => `${base(publicUrl)}/login`;
export const forgotPasswordLink = (publicUrl: string) => `${base(publicUrl)}/forgot-password`;
