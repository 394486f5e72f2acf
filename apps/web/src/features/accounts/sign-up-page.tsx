import { checkSignup } from '@parkly/shared/account-checks';
import { PASSWORD_MIN } from '@parkly/shared/constants';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { FormAlert, TextField } from '../../components/ui/form-field';
import { applyServerErrors } from '../../lib/form-errors';
import { useCheckedForm } from '../../lib/use-checked-form';
import { useSignup } from './api/signup';
import { AuthCard } from './components/auth-card';
import { PasswordField } from './components/password-field';
import { TextLink } from './components/text-link';

const FIELDS = ['name', 'email', 'phone', 'password'] as const;

export default function SignUpPage() {
  const navigate = useNavigate();
  const signup = useSignup();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useCheckedForm(FIELDS, checkSignup);
  const { errors, isSubmitting } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signup.mutateAsync(values);
      // the next step of becoming trusted on Parkly; the page offers Skip
      navigate('/upload_govt_id');
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create your Parkly account to book parking or list your space."
      icon={<UserPlus className="size-6" />}
      footer={
        <>
          Already have an account? <TextLink to="/login">Login</TextLink>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label="Full name" autoComplete="name" error={errors.name} {...form.register('name')} />
        <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" error={errors.email} {...form.register('email')} />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          placeholder="+91 98765 43210"
          hint="Hosts and support use it only about your bookings."
          error={errors.phone}
          {...form.register('phone')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters, and not a common password.`}
          error={errors.password}
          {...form.register('password')}
        />
        <FormAlert message={formError} />
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </Button>
        <p className="text-center text-xs text-slate-600">
          By signing up you agree to our <TextLink to="/terms_and_condition" className="font-medium">Terms & Conditions</TextLink> and{' '}
          <TextLink to="/privacy" className="font-medium">Privacy Policy</TextLink>.
        </p>
      </form>
    </AuthCard>
  );
}
