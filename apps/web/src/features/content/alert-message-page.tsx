import { ALERT_CODES, type AlertCode } from '@parkly/shared/content';
import { CircleCheck, Info, type LucideIcon, LogIn, MailCheck, ShieldCheck, UserX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { DocumentTitle } from '../../components/ui/page';

interface Alert {
  title: string;
  text: string;
  link: { to: string; label: string };
  icon: LucideIcon;
}

/** Every known code's words are written here: the screen never shows text taken from the URL. */
const ALERTS: Record<AlertCode, Alert> = {
  password_reset: { title: 'Password reset', text: 'Your password has been reset. Log in with your new password.', link: { to: '/login', label: 'Log in' }, icon: ShieldCheck },
  password_changed: { title: 'Password changed', text: 'Your password has been changed. Other devices have been signed out.', link: { to: '/profile', label: 'Back to your profile' }, icon: ShieldCheck },
  email_sent: { title: 'Check your e-mail', text: 'If an account exists for that address, we have sent it a link to reset the password.', link: { to: '/login', label: 'Back to login' }, icon: MailCheck },
  account_deleted: { title: 'Account deleted', text: 'Your account and personal data have been removed. You are welcome back any time.', link: { to: '/sign_up', label: 'Create a new account' }, icon: UserX },
  contact_sent: { title: 'Message sent', text: 'Thank you for getting in touch. Our team will reply by e-mail, usually within one working day.', link: { to: '/', label: 'Go to the home page' }, icon: CircleCheck },
  session_expired: { title: 'Your session has ended', text: 'For your security you have been logged out. Log in again to carry on.', link: { to: '/login', label: 'Log in' }, icon: LogIn },
  id_uploaded: { title: 'ID received', text: 'Thank you. We will review your government ID and let you know once it is verified.', link: { to: '/welcomehost', label: 'Become a host' }, icon: CircleCheck },
};

const GENERIC: Alert = { title: 'Nothing to show here', text: 'This status message is not available. It may have expired.', link: { to: '/', label: 'Go to the home page' }, icon: Info };

const isAlertCode = (code: string | null): code is AlertCode => code !== null && (ALERT_CODES as readonly string[]).includes(code);

export default function AlertMessagePage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const alert = isAlertCode(code) ? ALERTS[code] : GENERIC;
  const Icon = alert.icon;
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center sm:py-24">
      <DocumentTitle title={alert.title} />
      <span aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-8 ring-brand-50/50">
        <Icon className="size-8" />
      </span>
      <h1 className="mt-6 text-2xl font-bold text-slate-900">{alert.title}</h1>
      <p className="mt-3 text-slate-600">{alert.text}</p>
      <Link to={alert.link.to} className={buttonClass('primary', 'mt-8')}>
        {alert.link.label}
      </Link>
    </div>
  );
}
