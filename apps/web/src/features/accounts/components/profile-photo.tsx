import type { Profile } from '@parkly/shared/accounts';
import { IMAGE_TYPES } from '@parkly/shared/constants';
import { Camera, Trash2 } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-field';
import { useDeleteProfilePhoto } from '../api/delete-profile-photo';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';
import { ProfileAvatar } from './profile-avatar';

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');

/** The photo with Change (POST profile/photo) and Remove (DELETE profile/photo); the server's 413/415 messages show under it. */
export function ProfilePhoto({ profile }: { profile: Profile }) {
  const upload = useUploadProfilePhoto();
  const remove = useDeleteProfilePhoto();
  const [confirming, setConfirming] = useState(false);
  const error = upload.error ?? remove.error;

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // picking the same file again still fires change
    if (file) {
      remove.reset();
      upload.mutate(file);
    }
  };

  return (
    <div className="flex flex-col items-center text-center">
      <ProfileAvatar src={profile.profile_image} name={profile.name} size="size-28" />
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <label className="relative inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600">
          <Camera aria-hidden="true" className="size-4" />
          {upload.isPending ? 'Uploading…' : profile.profile_image ? 'Change photo' : 'Add photo'}
          <input type="file" accept={IMAGE_TYPES.join(',')} className="sr-only" disabled={upload.isPending} onChange={onPick} />
        </label>
        {profile.profile_image && (
          <Button variant="ghost" onClick={() => setConfirming(true)} disabled={remove.isPending}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove
          </Button>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-600">JPEG, PNG or WebP, up to 10 MB.</p>
      <div className="mt-3 w-full" aria-live="polite">
        <FormAlert message={error ? errorMessage(error) : null} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove your profile photo?"
        description="Your profile will show the default picture instead."
        confirmLabel="Remove photo"
        busyLabel="Please wait..."
        busy={remove.isPending}
        danger
        onConfirm={() => {
          upload.reset();
          remove.mutate(undefined, { onSettled: () => setConfirming(false) });
        }}
      />
    </div>
  );
}
