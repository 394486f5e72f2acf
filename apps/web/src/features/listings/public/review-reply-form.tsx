import { zodResolver } from '@hookform/resolvers/zod';
import { replyToReviewSchema, type Review, type ReplyToReviewInput } from '@parkly/shared/reviews';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ReviewTextField } from '../../../components/reviews/review-text-field';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useReplyToReview } from '../../reviews/api/reply-to-review';

/** The host's answer to one review: once, plain text, up to 1,000 characters. */
export default function ReplyForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const reply = useReplyToReview();
  const form = useForm<ReplyToReviewInput, unknown, { text: string }>({ resolver: zodResolver(replyToReviewSchema), defaultValues: { text: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const text = form.watch('text') ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reply.mutateAsync({ reviewId: review.id, text: values.text });
      onDone();
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, ['text']));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3 rounded-xl bg-slate-50 p-4">
      <ReviewTextField
        label={`Your reply to ${review.author.name}`}
        rows={3}
        autoFocus
        length={text.length}
        error={form.formState.errors.text?.message}
        {...form.register('text')}
      />
      <p className="text-xs text-slate-600">Shown under the review for everyone to read. You can reply once.</p>
      <FormAlert message={formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending…' : 'Post reply'}
        </Button>
      </div>
    </form>
  );
}
