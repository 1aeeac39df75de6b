// Form schemas built from the API's own request schemas (@store/shared), so the browser refuses exactly
// what the server would. Field messages are phrased to follow the field's label ("E-mail must be …").
import { z } from 'zod';
import { email, loginBody, password, personName } from '@store/shared';

const MISMATCH = 'must match the password';

/** Password + confirmation; the mismatch check runs once both fields are filled in by themselves. */
const withConfirmation = <T extends z.ZodObject<{ password: typeof password; confirmPassword: z.ZodString }>>(schema: T) =>
  schema.refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: MISMATCH,
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof value.password === 'string' && typeof value.confirmPassword === 'string' && value.confirmPassword !== '';
    },
  });

export const signupForm = withConfirmation(
  z.object({
    firstname: personName,
    lastname: personName,
    email,
    password,
    confirmPassword: z.string().min(1, 'is required'),
    // The terms require it; the server keeps the confirmation with the account (signupBody.adultConfirmed).
    adult: z.boolean().refine((confirmed) => confirmed, 'You must be 18 or older to create an account.'),
    terms: z.boolean().refine((accepted) => accepted, 'Please accept the Terms and Conditions to continue.'),
  }),
);
export type SignupFormInput = z.input<typeof signupForm>;
export type SignupFormValues = z.output<typeof signupForm>;

export const loginForm = loginBody;
export type LoginFormInput = z.input<typeof loginForm>;
export type LoginFormValues = z.output<typeof loginForm>;

export const emailForm = z.object({ email });
export type EmailFormInput = z.input<typeof emailForm>;
export type EmailFormValues = z.output<typeof emailForm>;

export const newPasswordForm = withConfirmation(z.object({ password, confirmPassword: z.string().min(1, 'is required') }));
export type NewPasswordFormInput = z.input<typeof newPasswordForm>;
export type NewPasswordFormValues = z.output<typeof newPasswordForm>;
