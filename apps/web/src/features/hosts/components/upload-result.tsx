import { MESSAGES } from '@parkly/shared/constants';
import { CircleCheck, CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

/** 'Upload successful!' with the next steps, or 'Upload failed.' with the server's reason under it. */
export function UploadResult({ ok, reason, isHost }: { ok: boolean; reason?: string; isHost: boolean }) {
  if (!ok) {
    return (
      <div role="alert" className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
        <CircleX aria-hidden="true" className="size-5 shrink-0 text-red-700" />
        <div>
          <p className="font-semibold text-red-900">{MESSAGES.uploadFailed}</p>
          {reason && <p className="mt-1 text-sm text-red-800">{reason}</p>}
        </div>
      </div>
    );
  }
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <div className="flex gap-3">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
        <div>
          <p className="font-semibold text-emerald-900">{MESSAGES.uploadSuccessful}</p>
          <p className="mt-1 text-sm text-emerald-900">We will review your ID and let you know. Meanwhile you can carry on.</p>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {isHost ? (
          <Link to="/hosthomes" className={buttonClass('primary')}>
            Go to your host dashboard
          </Link>
        ) : (
          <Link to="/welcomehost" className={buttonClass('primary')}>
            Become a host
          </Link>
        )}
        <Link to="/" className={buttonClass('secondary')}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
