import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@parkly/shared/accounts';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert, TextField } from '../../components/ui/form-field';
import { applyServerErrors } from '../../lib/form-errors';
import { useForgotPassword } from './api/forgot-password';
import { AuthCard } from './components/auth-card';
import { SuccessPanel } from './components/success-panel';
import { TextLink } from './components/text-link';

export default function ForgetPage() {
  const forgot = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await forgot.mutateAsync(values);
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, ['email']));
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      icon={<KeyRound className="size-6" />}
      footer={
        <>
          Remembered it? <TextLink to="/login">Back to login</TextLink>
        </>
      }
    >
      {forgot.isSuccess ? (
        <SuccessPanel title="Check your e-mail" message={forgot.data.message}>
          <p className="text-sm text-slate-700">The link works for a limited time. Check your spam folder if nothing arrives in a few minutes.</p>
          <Link to="/login" className={buttonClass('primary', 'mt-4 w-full')}>
            Back to login
          </Link>
        </SuccessPanel>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...form.register('email')} />
          <FormAlert message={formError} />
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
