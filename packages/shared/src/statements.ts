/**
 * A host's monthly statements (docs/decisions/030-gst-identities-and-statements.md): the months with
 * activity in the host ledger, each downloadable as a PDF or a CSV. Money is integer paise; months are
 * calendar months in EARNINGS_TIME_ZONE (India's clock), as on /earning.
 */
import { z } from 'zod';

/** 'YYYY-MM', January to December. */
export const STATEMENT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const statementMonthSchema = z.object({
  /** 'YYYY-MM' */
  month: z.string(),
  currency: z.string(),
  /** bookings that earned in the month */
  bookings: z.number(),
  gross: z.number(),
  commission: z.number(),
  refunds: z.number(),
  net: z.number(),
  /** payouts paid in the month */
  paid_out: z.number(),
});
export type StatementMonth = z.infer<typeof statementMonthSchema>;
/** newest first */
export const statementMonthsAnswerSchema = z.object({ result: z.array(statementMonthSchema) });
