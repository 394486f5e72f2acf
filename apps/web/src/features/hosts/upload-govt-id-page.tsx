import { MESSAGES } from '@parkly/shared/constants';
import { formatLongDate } from '@parkly/shared/time';
import { IdCard, Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { DocumentTitle } from '../../components/ui/page';
import { useDefaultTimeZone } from '../../lib/use-default-time-zone';
import { useToken } from '../../lib/use-session';
import { useProfile } from '../accounts/api/get-profile';
import { useGovernmentId } from './api/get-government-id';
import { useUploadGovtId } from './api/upload-govt-id';
import { IdFilePicker } from './components/id-file-picker';
import { UploadResult } from './components/upload-result';

const STATUS_WORDS = { pending: 'pending review', approved: 'approved', rejected: 'not accepted: please upload a new one' } as const;

function LoggedOutNotice() {
  return (
    <div className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <Lock aria-hidden="true" className="size-5 shrink-0" />
      <p>
        You need to be logged in to upload your ID.{' '}
        <Link to="/login" state={{ from: '/upload_govt_id' }} className="font-semibold underline underline-offset-2">
          Log in
        </Link>{' '}
        or{' '}
        <Link to="/sign_up" className="font-semibold underline underline-offset-2">
          create an account
        </Link>
        .
      </p>
    </div>
  );
}

/** What the user sent before, if anything. */
function PreviousUpload() {
  const previous = useGovernmentId();
  const timeZone = useDefaultTimeZone();
  if (!previous.data) return null;
  const { original_name, uploaded_at, status } = previous.data;
  return (
    <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
      You sent <span className="font-medium break-all text-slate-900">{original_name}</span> on {formatLongDate(uploaded_at, timeZone)}: {STATUS_WORDS[status]}.
    </p>
  );
}

export default function UploadGovtIdPage() {
  const navigate = useNavigate();
  const token = useToken();
  const profile = useProfile();
  const upload = useUploadGovtId();
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const choose = (next: File | null) => {
    setFile(next);
    setNotice(null);
    upload.reset();
  };

  const onUpload = () => {
    if (!file) return setNotice(MESSAGES.noFileSelected); // nothing is sent (SPEC 5)
    if (!token) return setNotice('Log in first to upload your ID.');
    setNotice(null);
    upload.mutate(file);
  };

  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white px-4 py-10 sm:py-16">
      <DocumentTitle title="Upload your government ID" />
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
          <IdCard className="size-6" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Upload your government ID</h1>
        <p className="mt-2 text-slate-600">
          To keep Parkly safe for drivers and hosts, we need a government ID proof, such as an Aadhar card or voter ID card. Only our verification team can see it.
        </p>
        <div className="mt-6 space-y-4">
          {!token && <LoggedOutNotice />}
          {token && !upload.isSuccess && <PreviousUpload />}
          <IdFilePicker file={file} onChange={choose} disabled={upload.isPending} />
          {notice && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {notice}
            </p>
          )}
          {upload.isSuccess && <UploadResult ok isHost={profile.data?.host_user === 1} />}
          {upload.isError && <UploadResult ok={false} reason={upload.error.message} isHost={false} />}
          {!upload.isSuccess && (
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => navigate('/')}>
                Skip
              </Button>
              <Button onClick={onUpload} disabled={upload.isPending} className="sm:min-w-32">
                {upload.isPending ? 'Uploading…' : 'Upload'}
              </Button>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
