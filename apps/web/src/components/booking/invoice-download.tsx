import { isInvoiced } from '@parkly/shared/booking-lifecycle';
import type { BookingStatus } from '@parkly/shared/catalog';
import { useMutation } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { ApiError, apiFetchFile } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-blob';
import { Button } from '../ui/button';

/**
 * GET bookings/:id/invoice.pdf (decision 031): fetched with the token, saved as the file the server names. A
 * monthly pass has one invoice per period (`period`, from 1).
 */
export async function downloadInvoice({ id, reference, period }: { id: string; reference: string; period?: number }) {
  const query = period === undefined ? '' : `?period=${period}`;
  const { blob, fileName } = await apiFetchFile(`bookings/${encodeURIComponent(id)}/invoice.pdf${query}`);
  saveBlob(blob, fileName ?? `parkly-invoice-${reference}${period === undefined ? '' : `-${period}`}.pdf`);
}

/** "Download invoice" for the booking's guest and host, shown only when the booking has one (confirmed, or cancelled after paying). */
export function InvoiceDownload({ booking: b, className = '' }: { booking: { id: string; reference: string; status: BookingStatus; payment_status: string }; className?: string }) {
  const download = useMutation({ mutationFn: downloadInvoice });
  if (!isInvoiced(b)) return null;
  return (
    <div id="invoice" className={className}>
      <Button variant="secondary" className="w-full" disabled={download.isPending} onClick={() => download.mutate({ id: b.id, reference: b.reference })}>
        <FileDown aria-hidden="true" className="size-4" /> {download.isPending ? 'Downloading invoice…' : 'Download invoice'}
      </Button>
      <p className="mt-2 text-xs text-slate-600">GST invoice (PDF){b.status === 'cancelled' ? ', with its credit notes' : ''}.</p>
      {download.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {download.error instanceof ApiError ? download.error.message : 'The invoice could not be downloaded. Please try again.'}
        </p>
      )}
    </div>
  );
}
