import { Check, Copy, Share2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';

/** A read-only link with Copy (and Share where the device offers it, as phones do). */
export function ShareLink({ url, title }: { url: string; title: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
      setTimeout(() => setCopied(null), 2500);
    } catch {
      // no clipboard permission (or an old browser): select the text so the person can copy it themselves
      input.current?.select();
      setCopied('failed');
    }
  };

  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Link to your listing
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          ref={input}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 text-sm text-slate-800 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
        <div className="flex gap-2">
          <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => void copy()}>
            {copied === 'yes' ? <Check aria-hidden="true" className="size-4 text-emerald-700" /> : <Copy aria-hidden="true" className="size-4" />}
            {copied === 'yes' ? 'Copied' : 'Copy link'}
          </Button>
          {canShare && (
            <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => void navigator.share({ title, url }).catch(() => undefined)}>
              <Share2 aria-hidden="true" className="size-4" /> Share
            </Button>
          )}
        </div>
      </div>
      <p role="status" className="mt-1.5 text-xs text-slate-600 empty:mt-0">
        {copied === 'yes' ? 'Link copied. Paste it in WhatsApp, an e-mail or your society group.' : copied === 'failed' ? 'Press Ctrl+C (or long-press) to copy the selected link.' : ''}
      </p>
    </div>
  );
}
