import { Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePages } from '../../features/content/api/get-pages';

/** The company address, support e-mail and phone, from the support page's content (SPEC 2.5, 7). */
export function FooterContact() {
  const support = usePages('support');
  const address = support.data?.address?.page_description;
  const email = support.data?.email?.page_description;
  const phone = support.data?.phone_number?.page_description;

  return (
    <section aria-labelledby="footer-contact">
      <h2 id="footer-contact" className="text-sm font-semibold tracking-wide text-white uppercase">
        Get in touch
      </h2>
      <ul className="mt-4 space-y-4 text-sm">
        <Row icon={<MapPin className="size-4" />} loading={support.isPending}>
          {address && <address className="leading-6 whitespace-pre-line not-italic">{address}</address>}
        </Row>
        <Row icon={<Mail className="size-4" />} loading={support.isPending}>
          {email && (
            <a href={`mailto:${email}`} className="break-all hover:text-white hover:underline">
              {email}
            </a>
          )}
        </Row>
        <Row icon={<Phone className="size-4" />} loading={support.isPending}>
          {phone && (
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="hover:text-white hover:underline">
              {phone}
            </a>
          )}
        </Row>
      </ul>
    </section>
  );
}

function Row({ icon, loading, children }: { icon: ReactNode; loading: boolean; children: ReactNode }) {
  if (!loading && !children) return null;
  return (
    <li className="flex items-start gap-3">
      <span aria-hidden="true" className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-800 text-brand-200">
        {icon}
      </span>
      {loading ? <span aria-hidden="true" className="mt-1.5 h-3 w-40 animate-pulse rounded bg-slate-700" /> : <div className="pt-1">{children}</div>}
    </li>
  );
}
