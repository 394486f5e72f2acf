import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePages } from '../api/get-pages';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <div className="font-medium break-words text-slate-900">{children}</div>
      </div>
    </li>
  );
}

const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;

/** Support e-mail, phone and address from `POST pages {page_name:'support'}`. */
export function SupportDetails({ showAddress = true }: { showAddress?: boolean }) {
  const support = usePages('support');
  if (support.isPending) return <div role="status" aria-label="Loading" className="h-32 animate-pulse rounded-xl bg-slate-100" />;
  if (support.isError) return <p className="text-sm text-slate-600">Contact details could not be loaded. You can still send us a message.</p>;
  const email = support.data.email?.page_description.trim();
  const phone = support.data.phone_number?.page_description.trim();
  const address = support.data.address?.page_description.trim();
  const hours = support.data.hours?.page_description.trim();
  return (
    <ul className="space-y-4">
      {email && (
        <Row icon={<Mail className="size-5" />} label="E-mail">
          <a href={`mailto:${email}`} className="text-brand-700 hover:underline">
            {email}
          </a>
        </Row>
      )}
      {phone && (
        <Row icon={<Phone className="size-5" />} label="Phone">
          <a href={telHref(phone)} className="text-brand-700 hover:underline">
            {phone}
          </a>
        </Row>
      )}
      {hours && (
        <Row icon={<Clock className="size-5" />} label="Hours">
          <p className="text-sm font-normal whitespace-pre-line text-slate-700">{hours}</p>
        </Row>
      )}
      {showAddress && address && (
        <Row icon={<MapPin className="size-5" />} label="Address">
          <address className="whitespace-pre-line not-italic">{address}</address>
        </Row>
      )}
    </ul>
  );
}
