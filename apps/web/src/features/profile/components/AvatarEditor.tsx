import { useRef, useState, type ChangeEvent } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { AVATAR_TYPES } from '@store/shared';
import { Button, FilePicker } from '../../../components/ui/index.ts';
import { readApiFailure } from '../../../lib/api-failure.ts';
import { handleApiError } from '../../../lib/error-handler.ts';
import { useAppDispatch } from '../../../lib/hooks.ts';
import { notify } from '../../../lib/toast.ts';
import { useProfileAvatarRemoveMutation, useProfileAvatarUploadMutation } from '../api/avatar.ts';
import { AVATAR_MAX_MEGABYTES, pictureProblem, uploadRefusalText } from '../picture-check.ts';

/** The picture the header shows a shopper without one (a file of the web app's public folder). */
const DEFAULT_AVATAR = '/default-avatar.svg';
export const PICTURE_SAVED_TEXT = 'Your profile picture is saved.';
export const PICTURE_REMOVED_TEXT = 'Your profile picture is removed.';

interface Chosen {
  file: File;
  /** A data: URL: the page's CSP allows data: images, not blob: ones. */
  preview: string;
}

/** The profile picture: choose a file, see it, save it (or remove the one there is). */
export function AvatarEditor({ image }: { image: string | null }) {
  const dispatch = useAppDispatch();
  const [upload, { isLoading: uploading }] = useProfileAvatarUploadMutation();
  const [remove, { isLoading: removing }] = useProfileAvatarRemoveMutation();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const busy = uploading || removing;

  function forget() {
    setChosen(null);
    if (input.current) input.current.value = '';
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setProblem(null);
    setChosen(null);
    if (!file) return;
    const refusal = pictureProblem(file);
    if (refusal) {
      setProblem(refusal);
      event.target.value = '';
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setChosen({ file, preview: String(reader.result) });
    reader.onerror = () => setProblem('This file could not be read. Try another one.');
    reader.readAsDataURL(file);
  }

  function refused(error: unknown) {
    const failure = readApiFailure(error);
    const text = uploadRefusalText(failure.status, failure.message);
    if (text) setProblem(text);
    else handleApiError(error as FetchBaseQueryError, dispatch);
  }

  async function save() {
    if (!chosen) return;
    try {
      await upload(chosen.file).unwrap();
      forget();
      notify.success(PICTURE_SAVED_TEXT);
    } catch (error) {
      refused(error);
    }
  }

  async function removePicture() {
    setProblem(null);
    try {
      await remove().unwrap();
      forget();
      notify.success(PICTURE_REMOVED_TEXT);
    } catch (error) {
      refused(error);
    }
  }

  return (
    <section className="profile-avatar" aria-label="Profile picture">
      <img
        className="profile-avatar__image"
        src={chosen?.preview ?? image ?? DEFAULT_AVATAR}
        alt={chosen ? 'Preview of your new profile picture' : 'Your profile picture'}
        width={96}
        height={96}
        data-testid="profile-avatar-image"
      />
      <div className="profile-avatar__controls">
        <FilePicker
          label="Profile picture"
          buttonText="Choose a picture"
          inputRef={input}
          accept={AVATAR_TYPES.join(',')}
          onChange={choose}
          disabled={busy}
          hint={`PNG, JPEG or WebP, at most ${AVATAR_MAX_MEGABYTES} MB. It is cropped to a square.`}
          error={problem}
          chosen={chosen?.file.name}
          testId="profile-avatar-input"
        />
        <div className="profile-avatar__buttons">
          {chosen ? (
            <>
              <Button onClick={() => void save()} disabled={busy}>
                {uploading ? 'Saving…' : 'Save picture'}
              </Button>
              <Button variant="ghost" onClick={forget} disabled={busy}>
                Cancel
              </Button>
            </>
          ) : image ? (
            <Button variant="outline" onClick={() => void removePicture()} disabled={busy}>
              {removing ? 'Removing…' : 'Remove picture'}
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
