import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileSchema, type Profile } from '@parkly/shared/accounts';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';

const FIELDS = ['name', 'phone'] as const;

/** Name and phone -> PATCH profile. The e-mail is shown but cannot be changed here. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm({ resolver: zodResolver(updateProfileSchema), defaultValues: { name: profile.name, phone: profile.phone ?? '' } });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      const result = await update.mutateAsync(values);
      form.reset({ name: result.name, phone: result.phone ?? '' });
      setSaved(true);
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800">E-mail</p>
        <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 break-all text-slate-800">{profile.email}</p>
        <p className="text-xs text-slate-600">To change your e-mail address, contact support.</p>
      </div>
      <TextField label="Phone (optional)" type="tel" autoComplete="tel" placeholder="+91 98765 43210" error={errors.phone?.message} {...form.register('phone')} />
      <FormAlert message={formError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </Button>
        <p role="status" className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-800">
          {saved && !isDirty && (
            <>
              <CircleCheck aria-hidden="true" className="size-4" /> Saved
            </>
          )}
        </p>
      </div>
    </form>
  );
}
