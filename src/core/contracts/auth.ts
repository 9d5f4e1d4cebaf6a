import { z } from 'zod';
import { requiredText } from './common';

export const PASSWORD_MIN_LENGTH = 8;

export const AUTH_MESSAGES = {
  nameFirst: 'You must include your first name',
  nameLast: 'You must include your last name',
  username: 'You must create a username',
  usernameFormat:
    'Your username can only include letters, numbers, dots, dashes and underscores (at most 30)',
  email: 'You must include your email',
  emailFormat: 'Please enter a valid email address.',
  passwordShort: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordMismatch: "Your passwords don't match",
  photoUrl: 'The URL you have provided is invalid. Please try again.',
  usernameTaken: 'That username is already taken',
  badLogin: 'Incorrect username or password',
  loginRequired: 'Please enter your username and password',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  verifyExpired:
    'This confirmation link has expired or was already used. Log in to send yourself a new one, or register again with the same address.',
  resendSent: 'If that address waits for confirmation, a new link is on its way. It is valid for 24 hours.',
  googleUnverified:
    'An account with this address exists, but its address is not confirmed yet. Log in with your username and password, and confirm your address first.',
  resetExpired:
    'Your password reset token has expired or was not found. If you still need to reset your password, please return to the login screen to try again.',
  resetDone: 'Your password has been reset. You can now log in with your new password.',
  forgotSent:
    'If an account matches that username and email, a reset link is on its way. It is valid for 1 hour.',
  notLoggedIn: 'You must be logged in to do that.',
} as const;

/** The answer to a registration naming an address that already has an account (its owner gets a mail). */
export function registerSentMessage(email: string): string {
  return `We sent a link to ${email} to confirm your address. Open it to finish creating your account.`;
}

/** The answer to a registration that created the account and signed it in. */
export function registeredMessage(email: string): string {
  return `Welcome! Your account is ready. We sent a link to ${email}: open it to confirm your address.`;
}

/** A login (or request) that came too soon after too many failures. */
export function waitMessage(seconds: number): string {
  return `Too many failed attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;
}

const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,30}$/;

/** Loose URL check for optional image links: http(s) with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const RegisterRequestSchema = z
  .object({
    nameFirst: requiredText(AUTH_MESSAGES.nameFirst, { length: 50, message: 'Your first name is too long' }),
    nameLast: requiredText(AUTH_MESSAGES.nameLast, { length: 50, message: 'Your last name is too long' }),
    username: requiredText(AUTH_MESSAGES.username).regex(USERNAME_PATTERN, {
      error: AUTH_MESSAGES.usernameFormat,
    }),
    email: requiredText(AUTH_MESSAGES.email).pipe(z.email({ error: AUTH_MESSAGES.emailFormat })),
    password: z
      .string({ error: AUTH_MESSAGES.passwordShort })
      .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordShort })
      .max(200, { error: 'Your password is too long' }),
    passwordConfirm: z.string({ error: AUTH_MESSAGES.passwordMismatch }),
    profilePhoto: z
      .string()
      .trim()
      .optional()
      .nullable()
      .refine((v) => !v || isHttpUrl(v), { error: AUTH_MESSAGES.photoUrl }),
    /** The league invite the form was opened from: confirming the address joins that league. */
    inviteCode: z.string().trim().max(100).optional().nullable(),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    error: AUTH_MESSAGES.passwordMismatch,
    path: ['passwordConfirm'],
  });
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.object({
  username: requiredText(AUTH_MESSAGES.loginRequired),
  password: z.string({ error: AUTH_MESSAGES.loginRequired }).min(1, { error: AUTH_MESSAGES.loginRequired }),
  inviteCode: z.string().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({
  username: requiredText(AUTH_MESSAGES.username),
  email: requiredText(AUTH_MESSAGES.email),
});

export const VerifyEmailRequestSchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.verifyExpired }).max(200, { error: AUTH_MESSAGES.verifyExpired }),
});

export const ResendVerificationRequestSchema = z.object({
  email: requiredText(AUTH_MESSAGES.email).pipe(z.email({ error: AUTH_MESSAGES.emailFormat })),
});

export const ResetTokenRequestSchema = z.object({ token: z.string({ error: AUTH_MESSAGES.resetExpired }) });

export const FinalizeResetRequestSchema = z
  .object({
    token: z.string({ error: AUTH_MESSAGES.resetExpired }),
    password: z
      .string({ error: AUTH_MESSAGES.passwordShort })
      .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordShort })
      .max(200),
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordMismatch }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: AUTH_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });

/** The signed-in user as the browser sees it (own private fields included). */
export const CurrentUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  email: z.string(),
  photo_url: z.string().nullable(),
  /** False until the owner opens the confirmation link mailed to the address. */
  emailVerified: z.boolean(),
  siteAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** GET /api/currentUser answers an array: empty when logged out, one user when logged in. */
export const CurrentUserResponseSchema = z.array(CurrentUserSchema);

/** POST /auth/verifyEmail answers the signed-in user and the league a registration invite joined, if any. */
export const VerifyEmailResponseSchema = z.object({
  user: CurrentUserSchema,
  joinedLeague: z.object({ abb: z.string(), name: z.string() }).nullable(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/**
 * POST /auth/register: 201 with the signed-in user when the account was created, 202 with no user when
 * the address already has an account ("check your e-mail", no session).
 */
export const RegisterResponseSchema = z.object({
  message: z.string(),
  user: CurrentUserSchema.nullable(),
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const AuthConfigSchema = z.object({ google: z.boolean() });
export type AuthConfig = z.infer<typeof AuthConfigSchema>;

export const ResetUserResponseSchema = z.object({
  user: z.object({ username: z.string(), email: z.string() }),
});
