import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema, type ContactInput } from '@parkly/shared/content';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/form-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSendContact } from '../api/send-contact';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

function Sent({ message, onAgain }: { message: string; onAgain: () => void }) {
  return (
    <div role="status" className="rounded-2xl border border-brand-200 bg-brand-50 px-6 py-10 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-brand-700" />
      <p className="mt-3 text-lg font-semibold text-slate-900">Message sent</p>
      <p className="mt-1 text-slate-700">{message}</p>
      <Button variant="secondary" className="mt-6" onClick={onAgain}>
        Send another message
      </Button>
    </div>
  );
}

/** {name, email, subject, message} -> POST contact; the server's field errors show under the fields. */
export function ContactForm({ defaults }: { defaults: Pick<ContactInput, 'name' | 'email'> }) {
  const send = useSendContact();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: { ...defaults, subject: '', message: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await send.mutateAsync(values);
      setSent(answer.message || 'Thank you. Our team will reply to you by e-mail.');
      form.reset({ ...defaults, subject: '', message: '' });
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  if (sent) return <Sent message={sent} onAgain={() => setSent(null)} />;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Your name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      </div>
      <TextField label="Subject" error={errors.subject?.message} {...form.register('subject')} />
      <TextAreaField label="Message" rows={6} error={errors.message?.message} hint="At least 10 characters." {...form.register('message')} />
      <FormAlert message={formError} />
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
