import type { ComponentProps } from 'react';
import { Link } from 'react-router';

/** An inline link in brand colour, underlined so it does not rely on colour alone. */
export function TextLink({ className = '', ...props }: ComponentProps<typeof Link>) {
  return <Link className={`font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 ${className}`} {...props} />;
}
