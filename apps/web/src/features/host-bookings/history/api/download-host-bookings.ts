import { useMutation } from '@tanstack/react-query';
import { apiFetchFile } from '../../../../lib/api-client';
import { saveBlob } from '../../../../lib/save-blob';

/** GET host/bookings/export.csv with the filter's query: every booking it matches, as a CSV file. */
export async function downloadHostBookings(query: URLSearchParams) {
  const { blob, fileName } = await apiFetchFile(`host/bookings/export.csv?${query}`);
  saveBlob(blob, fileName ?? 'parkly-bookings.csv');
}

export const useDownloadHostBookings = () => useMutation({ mutationFn: downloadHostBookings });
