import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { CircleAlertIcon, ImageUpIcon, Loader2Icon, Trash2Icon } from 'lucide-react';
import type { User } from '@shared/auth';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES } from '@shared/users';

import { UserAvatar } from '../../../components/user-avatar';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../hooks/use-toast';
import { useDeleteProfilePhotoMutation } from '../api/delete-profile-photo';
import { useUploadProfilePhotoMutation } from '../api/upload-profile-photo';

const ACCEPTED: readonly string[] = PROFILE_PHOTO_TYPES;
const MAX_MB = PROFILE_PHOTO_MAX_BYTES / (1024 * 1024);

/** Checks what the browser can know before sending; the server checks the content itself. */
function problemWith(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return `The photo must be at most ${MAX_MB} MB`;
  return null;
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type PickedFile = { file: File; previewUrl: string };

/** The file chosen for upload, with a preview URL that is released when replaced or on leaving. */
function usePickedFile() {
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const current = useRef<PickedFile | null>(null);
  const pick = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current.previewUrl);
    current.current = file ? { file, previewUrl: URL.createObjectURL(file) } : null;
    setPicked(current.current);
  }, []);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current.previewUrl);
    },
    [],
  );
  return [picked, pick] as const;
}

/**
 * The profile photo: choose a file, see it, upload it with a progress bar, or remove the current one.
 * The server resizes the photo and checks its type by content; its 413/415 messages show here.
 */
export function ProfilePhotoCard({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, pick] = usePickedFile();
  const file = picked?.file ?? null;
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadProfilePhotoMutation();
  const remove = useDeleteProfilePhotoMutation();
  const busy = upload.isPending || remove.isPending;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire change again
    if (!chosen) return;
    const issue = problemWith(chosen);
    setProblem(issue);
    pick(issue ? null : chosen);
  };

  const save = () => {
    if (!file) return;
    setProblem(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => {
          pick(null);
          toast({ title: 'Photo updated', description: 'Your new profile photo is saved.' });
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  const removePhoto = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: 'Photo removed', description: 'Your initials show instead.' }),
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Profile photo</h2>
        </CardTitle>
        <CardDescription>
          Shown with your name at the top of every page. JPEG, PNG or WebP, at most {MAX_MB} MB.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-5">
          <UserAvatar
            person={user}
            src={picked?.previewUrl}
            className="size-20 text-xl [&_[data-slot=avatar-fallback]]:text-xl"
          />
          <div className="grid min-w-0 flex-1 gap-2">
            {file ? (
              <>
                <p className="truncate text-sm">
                  <span className="font-medium">{file.name}</span>{' '}
                  <span className="text-muted-foreground">({formatSize(file.size)})</span>
                </p>
                {upload.isPending ? (
                  <div className="grid gap-1.5">
                    <Progress value={Math.round(progress * 100)} aria-label="Upload progress" />
                    <p className="text-muted-foreground text-xs">Uploading… {Math.round(progress * 100)}%</p>
                  </div>
                ) : (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={save}>
                      Save photo
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => pick(null)}>
                      Cancel
                    </Button>
                  </div>
                )}
              </>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={busy}>
                  <ImageUpIcon aria-hidden="true" />
                  {user.profileImageUrl ? 'Change photo' : 'Upload photo'}
                </Button>
                {user.profileImageUrl && (
                  <Button size="sm" variant="ghost" onClick={removePhoto} disabled={busy}>
                    {remove.isPending ? (
                      <Loader2Icon className="animate-spin" aria-hidden="true" />
                    ) : (
                      <Trash2Icon aria-hidden="true" />
                    )}
                    Remove
                  </Button>
                )}
              </div>
            )}
          </div>
        </div>
        <input
          ref={input}
          type="file"
          accept={PROFILE_PHOTO_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose a profile photo"
          onChange={choose}
        />
        {problem && (
          <Alert variant="destructive">
            <CircleAlertIcon />
            <AlertDescription>{problem}</AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
