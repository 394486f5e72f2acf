/**
 * A GSTIN and the name it is registered to (docs/decisions/030-gst-identities-and-statements.md): a
 * host's, printed on the tax invoices Parkly issues on their behalf, and a driver's, printed on their
 * invoices so a business can claim the input credit. Both optional. One schema for the forms (loaded
 * only by the screens that show them: /earning and /profile) and the API.
 */
import { z } from 'zod';
import { GST_STATES, isValidGstin, normalizeGstin, type GstStateCode } from './gst';

export const TAX_NAME_MAX = 100;

/** PUT host/tax-identity and PUT profile/tax-identity. */
export const taxIdentityInputSchema = z.object({
  gstin: z
    .string({ error: 'Enter your GSTIN' })
    .transform(normalizeGstin)
    .refine((s) => s.length > 0, 'Enter your GSTIN')
    .refine((s) => s.length === 15, 'A GSTIN is 15 characters, such as 29AAGCP4242M1Z0')
    .refine(isValidGstin, 'This GSTIN is not valid: check each character (the last one is a check on the others)'),
  legal_name: z
    .string({ error: 'Enter the name the GSTIN is registered to' })
    .trim()
    .min(2, 'Enter the name the GSTIN is registered to')
    .max(TAX_NAME_MAX, `Keep the name under ${TAX_NAME_MAX} characters`),
});
export type TaxIdentityInput = z.input<typeof taxIdentityInputSchema>;
export type TaxIdentityFields = z.output<typeof taxIdentityInputSchema>;

/** As the API answers it: the GSTIN, its name, and the state it is registered in (from its first two digits). */
export const taxIdentitySchema = z.object({
  gstin: z.string(),
  legal_name: z.string(),
  state_code: z.string(),
  state_name: z.string(),
  updated_at: z.string(),
});
export type TaxIdentity = z.infer<typeof taxIdentitySchema>;
/** null when none is entered */
export const taxIdentityAnswerSchema = z.object({ result: taxIdentitySchema.nullable() });

export const gstStateName = (code: string) => GST_STATES[code as GstStateCode] ?? code;
