import { LISTING_LIMITS } from '@parkly/shared/listing-options';
import { Lock } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { TextAreaField } from '../../../components/ui/form-field';
import type { ListingFormValues } from './listing-form-values';

/** Step 7: how a guest gets in. Private: only confirmed guests (and the host) ever receive it. */
export function AccessSection() {
  const { register, formState } = useFormContext<ListingFormValues>();
  return (
    <div className="space-y-4">
      <p className="flex items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          <strong className="font-semibold">Private.</strong> Only guests with a confirmed booking see these instructions, together with the exact address. They never appear on the
          public page.
        </span>
      </p>
      <TextAreaField
        label="Access instructions (optional)"
        placeholder="e.g. Enter through the blue gate on 4th Cross. Tell the guard you are parking in bay 12. Gate code 4821."
        maxLength={LISTING_LIMITS.accessInstructionsMax}
        rows={6}
        hint="Gate or lift codes, which bay, who to call, where to leave the key."
        error={formState.errors.access_instructions?.message}
        {...register('access_instructions')}
      />
    </div>
  );
}
