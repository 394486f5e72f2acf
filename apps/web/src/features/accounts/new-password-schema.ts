import { passwordSchema } from '@parkly/shared/accounts';
import { z } from 'zod';

export const PASSWORDS_DIFFER = 'The passwords do not match';

/** A new password typed twice; `confirm` never leaves the browser. */
export const newPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string().min(1, 'Type the new password again') })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: PASSWORDS_DIFFER });
