import { z } from 'zod';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants';

export const emailSchema = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .toLowerCase()
  .max(254, 'E-mail address is too long')
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

export const passwordSchema = z
  .string({ error: 'Enter a password' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`);

export const nameSchema = z
  .string({ error: 'Enter your name' })
  .trim()
  .min(1, 'Enter your name')
  .max(NAME_MAX, `Use at most ${NAME_MAX} characters`);

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, 'Enter a valid phone number');

export const signupSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  phone: phoneSchema.optional().or(z.literal('').transform(() => undefined)),
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(PASSWORD_MAX),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const RESET_LINK_INVALID = 'This reset link is not valid or has expired.';

export const resetPasswordSchema = z.object({
  token: z.string({ error: RESET_LINK_INVALID }).min(16, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  current_password: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
  new_password: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const updateProfileSchema = z.object({
  name: nameSchema.optional(),
  phone: phoneSchema.nullable().optional().or(z.literal('').transform(() => null)),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const locationSchema = z.object({
  lat: z.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
  lng: z.number({ error: 'Longitude must be a number' }).min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180'),
  label: z.string().trim().max(200).optional(),
});
export type LocationInput = z.input<typeof locationSchema>;

export const ID_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type IdStatus = (typeof ID_STATUSES)[number];

/** The profile as every account call answers it (SPEC: name, profile_image, host_user). */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profile_image: z.string().nullable(),
  host_user: z.union([z.literal(0), z.literal(1)]),
  role: z.enum(['user', 'admin']),
  id_verification_status: z.enum(ID_STATUSES),
  location: z.object({ lat: z.number(), lng: z.number(), label: z.string().nullable() }).nullable(),
  created_at: z.string(),
  /** a gate account's host, else null (docs/decisions/034-gate-pass.md): such an account can only open /gate, for that host's spaces */
  gate_for: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const authAnswerSchema = z.object({ token: z.string(), result: profileSchema });
export type AuthAnswer = z.infer<typeof authAnswerSchema>;
export const profileAnswerSchema = z.object({ result: profileSchema });
export const messageAnswerSchema = z.object({ message: z.string() });

export const GOVERNMENT_ID_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** The latest government ID a user sent, as its owner sees it (never the storage key). */
export const governmentIdSchema = z.object({
  status: z.enum(GOVERNMENT_ID_STATUSES),
  original_name: z.string(),
  uploaded_at: z.string(),
});
export type GovernmentId = z.infer<typeof governmentIdSchema>;

export const governmentIdAnswerSchema = z.object({ result: governmentIdSchema.nullable() });
export const governmentIdUploadAnswerSchema = z.object({ message: z.string(), result: governmentIdSchema });
export const governmentIdFileQuerySchema = z.object({
  user_id: z.uuid({ error: 'user_id must be a user id' }).optional(),
});
