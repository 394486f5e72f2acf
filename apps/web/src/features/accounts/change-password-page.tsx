import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@parkly/shared/accounts';
import { PASSWORD_MIN } from '@parkly/shared/constants';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-field';
import { applyServerErrors } from '../../lib/form-errors';
import { useChangePassword } from './api/change-password';
import { AuthCard } from './components/auth-card';
import { PasswordField } from './components/password-field';
import { SuccessPanel } from './components/success-panel';
import { TextLink } from './components/text-link';
import { PASSWORDS_DIFFER } from './new-password-schema';

const CHANGED = 'Your password has been changed. Other devices have been signed out.';

const FIELDS = ['current_password', 'new_password'] as const;

/** The shared schema plus the new password typed twice (confirm stays in the browser). */
const schema = changePasswordSchema
  .extend({ confirm: z.string().min(1, 'Type the new password again') })
  .refine((v) => v.new_password === v.confirm, { path: ['confirm'], message: PASSWORDS_DIFFER });

export default function ChangePasswordPage() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { current_password: '', new_password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    setFormError(null);
    try {
      await change.mutateAsync({ current_password, new_password });
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  return (
    <AuthCard
      title="Change password"
      subtitle="For your security, other devices are signed out when you change it."
      icon={<ShieldCheck className="size-6" />}
      footer={<TextLink to="/profile">Back to your profile</TextLink>}
    >
      {change.isSuccess ? (
        <SuccessPanel title="Password changed" message={CHANGED}>
          <Link to="/profile" className={buttonClass('primary', 'w-full')}>
            Back to your profile
          </Link>
        </SuccessPanel>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <PasswordField label="Current password" autoComplete="current-password" error={errors.current_password?.message} {...form.register('current_password')} />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters, and not a common password.`}
            error={errors.new_password?.message}
            {...form.register('new_password')}
          />
          <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirm?.message} {...form.register('confirm')} />
          <FormAlert message={formError} />
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting ? 'Saving…' : 'Change password'}
          </Button>
          <p className="text-center text-sm">
            <TextLink to="/forget" className="font-medium">
              Forgot your current password?
            </TextLink>
          </p>
        </form>
      )}
    </AuthCard>
  );
}
