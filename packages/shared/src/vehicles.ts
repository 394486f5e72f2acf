/** A driver's saved vehicles (GET/POST/PATCH/DELETE vehicles). */
import { z } from 'zod';
import { VEHICLE_TYPE_KEYS } from './catalog';

/** A person may keep this many vehicles. */
export const VEHICLES_MAX = 20;

const optionalText = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what}: use at most ${max} characters`)
    .refine((s) => !s.includes('\u0000'), `${what} contains a character that is not allowed`)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

/** Number plates as written in India ('KA 01 AB 1234'), or any other country's: letters, digits, spaces and dashes. */
export const plateSchema = z
  .string({ error: 'Enter the number plate' })
  .trim()
  .transform((s) => s.toUpperCase().replace(/\s+/g, ' '))
  .pipe(z.string().min(2, 'Enter the number plate').max(16, 'A number plate has at most 16 characters').regex(/^[A-Z0-9][A-Z0-9 -]*$/, 'Use letters, digits, spaces and dashes'));

export const vehicleInputSchema = z.object(
  {
    vehicle_type: z.enum(VEHICLE_TYPE_KEYS, { error: 'Choose the kind of vehicle' }),
    make: optionalText('The make', 40),
    model: optionalText('The model', 40),
    color: optionalText('The colour', 30),
    plate: plateSchema,
    is_default: z.boolean({ error: 'is_default must be true or false' }).optional(),
  },
  { error: 'Send {vehicle_type, plate, make?, model?, color?, is_default?}' },
);
export type VehicleInput = z.input<typeof vehicleInputSchema>;
export const vehicleUpdateSchema = vehicleInputSchema.partial();

export const vehicleSchema = z.object({
  id: z.string(),
  vehicle_type: z.enum(VEHICLE_TYPE_KEYS),
  make: z.string().nullable(),
  model: z.string().nullable(),
  color: z.string().nullable(),
  plate: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
export const vehicleAnswerSchema = z.object({ result: vehicleSchema });
export const vehiclesAnswerSchema = z.object({ result: z.array(vehicleSchema) });
