import { useMutation } from '@tanstack/react-query';
import { apiFetchFile } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

export type StatementFormat = 'pdf' | 'csv';

/** The API address of a month's statement (the link's href; the download itself carries the token). */
export const statementPath = (month: string, format: StatementFormat) => `host/statements/${month}.${format}`;

/** GET host/statements/:month.pdf or .csv, saved as the file the server names. */
export async function downloadStatement({ month, format }: { month: string; format: StatementFormat }) {
  const { blob, fileName } = await apiFetchFile(statementPath(month, format));
  saveBlob(blob, fileName ?? `parkly-statement-${month}.${format}`);
}

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement });
