import { useMutation } from '@tanstack/react-query';
import { apiFetchFile } from '../../../../lib/api-client';

/** Saves a Blob as a file through a temporary link (the export needs the token, so a plain link cannot fetch it). */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET host/bookings/export.csv with the filter's query: every booking it matches, as a CSV file. */
export async function downloadHostBookings(query: URLSearchParams) {
  const { blob, fileName } = await apiFetchFile(`host/bookings/export.csv?${query}`);
  saveBlob(blob, fileName ?? 'parkly-bookings.csv');
}

export const useDownloadHostBookings = () => useMutation({ mutationFn: downloadHostBookings });
