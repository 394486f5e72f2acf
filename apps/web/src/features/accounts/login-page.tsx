import { checkLogin } from '@parkly/shared/account-checks';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { FormAlert, TextField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useCheckedForm } from '../../lib/use-checked-form';
import { useLogin } from './api/login';
import { AuthCard } from './components/auth-card';
import { PasswordField } from './components/password-field';
import { TextLink } from './components/text-link';

const FIELDS = ['email', 'password'] as const;
const INCORRECT = 'Incorrect e-mail or password.';

/** Where the guard wanted to go; only a path inside this app (never another site). */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

function loginError(err: unknown): string | null {
  if (err instanceof ApiError && err.code === 'INVALID_CREDENTIALS') return INCORRECT;
  if (err instanceof ApiError && err.code === 'RATE_LIMITED') return err.message;
  return null;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useCheckedForm(FIELDS, checkLogin);
  const { errors, isSubmitting } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await login.mutateAsync(values);
      navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setFormError(loginError(err) ?? applyServerErrors(err, form.setError, FIELDS));
    }
  });

  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back. Log in to manage your bookings and spaces."
      icon={<LogIn className="size-6" />}
      footer={
        <>
          New to Parkly? <TextLink to="/sign_up">Sign Up</TextLink>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" error={errors.email} {...form.register('email')} />
        <div>
          <PasswordField label="Password" autoComplete="current-password" error={errors.password} {...form.register('password')} />
          <div className="mt-2 text-right">
            <Link to="/forget" className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              Forgot password?
            </Link>
          </div>
        </div>
        <FormAlert message={formError} />
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Logging in…' : 'Login'}
        </Button>
      </form>
    </AuthCard>
  );
}
