import { zodResolver } from '@hookform/resolvers/zod';
import { RESET_LINK_INVALID } from '@parkly/shared/accounts';
import { PASSWORD_MIN } from '@parkly/shared/constants';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useResetPassword } from './api/reset-password';
import { AuthCard } from './components/auth-card';
import { PasswordField } from './components/password-field';
import { SuccessPanel } from './components/success-panel';
import { TextLink } from './components/text-link';
import { newPasswordSchema } from './new-password-schema';

/** A reset link that cannot be used: the reason and a way to ask for a new one. */
function InvalidLink({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5">
      <p className="font-semibold text-red-900">{message}</p>
      <p className="mt-1 text-sm text-red-800">Reset links work once and for a limited time. Ask for a new one.</p>
      <Link to="/forget" className={buttonClass('primary', 'mt-4 w-full')}>
        Send me a new link
      </Link>
    </div>
  );
}

/** A server error about the token (not the password) means the link itself is bad. */
function tokenError(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.errors?.token) return err.errors.token;
  if (!err.errors?.password && (err.code === 'VALIDATION' || err.code === 'BAD_REQUEST' || err.code === 'NOT_FOUND')) return err.message;
  return null;
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [linkError, setLinkError] = useState<string | null>(token ? null : RESET_LINK_INVALID);
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
    } catch (err) {
      const bad = tokenError(err);
      if (bad) setLinkError(bad);
      else {
        const message = applyServerErrors(err, form.setError, ['password']);
        if (message) form.setError('root', { message });
      }
    }
  });

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Pick a password you do not use anywhere else."
      icon={<KeyRound className="size-6" />}
      footer={<TextLink to="/login">Back to login</TextLink>}
    >
      {reset.isSuccess ? (
        <SuccessPanel title="Password changed" message={reset.data.message}>
          <Link to="/login" className={buttonClass('primary', 'w-full')}>
            Log in with your new password
          </Link>
        </SuccessPanel>
      ) : linkError ? (
        <InvalidLink message={linkError} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters, and not a common password.`}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirm?.message} {...form.register('confirm')} />
          <FormAlert message={errors.root?.message} />
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting ? 'Saving…' : 'Save new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
