import { useFormikContext } from 'formik';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChosenVideo, FormErrors, FormValues } from '../form-values';
import { readVideoDuration } from './video-duration';
import { videoDurationError } from '#contract/booking/booking';
import { LIMITS } from '#contract/core/limits';
import { MESSAGES } from '#contract/core/messages';

export const PHOTO_GUIDANCE = '2 to 10 images with different angles';
export const PHOTOS_DISABLED_BY_VIDEO = 'Video uploaded - remove to add photos';
export const VIDEO_DISABLED_BY_PHOTOS = 'Remove photos to upload video';

const pickerLabelClass =
  'inline-flex cursor-pointer items-center gap-2 rounded-lg border-2 border-dashed border-emerald-700 px-4 py-3 font-semibold text-emerald-900 hover:bg-emerald-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-emerald-700 peer-disabled:cursor-not-allowed peer-disabled:border-slate-400 peer-disabled:text-slate-600 peer-disabled:hover:bg-transparent';

/** Shows a file in an <img> through an object URL, revoked when the image leaves the page. */
function usePreviewRef(file: Blob) {
  return useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
}

function Thumbnail({ file, n, onRemove }: { file: File; n: number; onRemove: () => void }) {
  const previewRef = usePreviewRef(file);
  return (
    <li className="relative">
      <img
        ref={previewRef}
        alt={`${n}. ${file.name}`}
        className="aspect-square w-full rounded-lg border border-slate-300 bg-slate-100 object-cover"
      />
      <button
        type="button"
        onClick={onRemove}
        className="absolute top-1 right-1 rounded-full bg-white/95 px-2 py-0.5 text-sm font-semibold text-red-800 shadow focus-visible:outline-2 focus-visible:outline-red-800"
      >
        <span aria-hidden="true">✕</span>
        <span className="sr-only">Remove photo {n}</span>
      </button>
    </li>
  );
}

/**
 * Files chosen in the pre-rendered input before the form's code arrived never reached React:
 * take them once, when the picker mounts, as if they had just been chosen.
 */
function useFilesChosenBeforeHydration(onFiles: (files: File[]) => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const initialOnFiles = useRef(onFiles);
  useEffect(() => {
    const input = inputRef.current;
    const files = [...(input?.files ?? [])];
    if (!input || files.length === 0) return;
    input.value = '';
    initialOnFiles.current(files);
  }, []);
  return inputRef;
}

// Fixed ids, not useId: the form is on one page once, and it is hydrated on its own as an island
// (docs/decisions/041-home-page-islands.md), where useId's values (which depend on the tree the
// form renders in) would differ from the pre-rendered ones.
const PHOTOS_ID = 'photo-picker';
const VIDEO_ID = 'video-picker';

interface PhotoPickerProps {
  photos: readonly File[];
  disabledByVideo: boolean;
  disabled: boolean;
  error?: string;
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
}

/** Photos: images only, several at once, up to 10, removable one by one, as the spec asks. */
export function PhotoPicker({
  photos,
  disabledByVideo,
  disabled,
  error,
  onAdd,
  onRemove,
}: PhotoPickerProps) {
  const id = PHOTOS_ID;
  const inputRef = useFilesChosenBeforeHydration(onAdd);
  const full = photos.length >= LIMITS.photos.max;
  const pickerDisabled = disabled || disabledByVideo || full;
  return (
    <fieldset
      className="space-y-3"
      aria-describedby={`${id}-guidance${error ? ` ${id}-error` : ''}`}
    >
      <legend className="font-semibold text-slate-900">
        Photos{' '}
        <span className="text-red-700" aria-hidden="true">
          *
        </span>{' '}
        <span className="font-normal text-slate-700">
          ({photos.length}/{LIMITS.photos.max})
        </span>
      </legend>
      <p id={`${id}-guidance`} className="text-sm text-slate-700">
        {PHOTO_GUIDANCE}
      </p>
      <div>
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="file"
          accept="image/*"
          multiple
          disabled={pickerDisabled}
          className="peer sr-only"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            // Let the same file be chosen again after it was removed.
            event.currentTarget.value = '';
            if (files.length > 0) onAdd(files);
          }}
        />
        <label htmlFor={`${id}-input`} className={pickerLabelClass}>
          {disabledByVideo
            ? PHOTOS_DISABLED_BY_VIDEO
            : full
              ? MESSAGES.tooManyPhotos
              : 'Add photos'}
        </label>
      </div>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="Selected photos">
          {photos.map((file, index) => (
            <Thumbnail
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              file={file}
              n={index + 1}
              onRemove={() => onRemove(index)}
            />
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

interface VideoPickerProps {
  video: ChosenVideo | null;
  disabledByPhotos: boolean;
  disabled: boolean;
  error?: string;
  checking: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** The optional video: video files only, at most 30 seconds, exclusive with photos. */
export function VideoPicker({
  video,
  disabledByPhotos,
  disabled,
  error,
  checking,
  onPick,
  onRemove,
}: VideoPickerProps) {
  const id = VIDEO_ID;
  const inputRef = useFilesChosenBeforeHydration((files) => {
    if (files[0]) onPick(files[0]);
  });
  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-semibold text-slate-900">
        Video <span className="font-normal text-slate-700">(optional, up to 30 seconds)</span>
      </legend>
      {video ? (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-300 px-4 py-3">
          <p className="truncate text-slate-800">
            {video.file.name}{' '}
            <span className="text-slate-600">({Math.round(video.seconds)} s)</span>
          </p>
          <button
            type="button"
            onClick={onRemove}
            disabled={disabled}
            className="rounded px-3 py-1 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-800"
          >
            Remove video
          </button>
        </div>
      ) : (
        <div>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="file"
            accept="video/*"
            disabled={disabled || disabledByPhotos || checking}
            className="peer sr-only"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) onPick(file);
            }}
          />
          <label htmlFor={`${id}-input`} className={pickerLabelClass}>
            {disabledByPhotos
              ? VIDEO_DISABLED_BY_PHOTOS
              : checking
                ? 'Checking video…'
                : 'Add a video'}
          </label>
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Where focus goes when a submit fails only on the media rule. */
export const MEDIA_SECTION_ID = 'quote-media';

/**
 * Both pickers, holding the files as form values (so the form's schema validates the selection
 * and a reset clears them), plus each picker's own message about a refused file.
 */
export function MediaPickers({ disabled }: { disabled: boolean }) {
  const { values, setFieldValue, errors, submitCount } = useFormikContext<FormValues>();
  const { photos, video } = values;
  const [photoError, setPhotoError] = useState<string>();
  const [videoError, setVideoError] = useState<string>();
  const [checkingVideo, setCheckingVideo] = useState(false);
  // Two additions before a re-render (files adopted at hydration, then more) must both count:
  // each reads what the one before it left here.
  const latestPhotos = useRef(photos);
  useEffect(() => {
    latestPhotos.current = photos;
  }, [photos]);

  const addPhotos = (files: File[]) => {
    const current = latestPhotos.current;
    const images = files.filter((file) => file.type.startsWith('image/'));
    const room = LIMITS.photos.max - current.length;
    const next = [...current, ...images.slice(0, Math.max(0, room))];
    latestPhotos.current = next;
    void setFieldValue('photos', next);
    if (images.length > room) setPhotoError(MESSAGES.tooManyPhotos);
    else if (images.length < files.length) setPhotoError(MESSAGES.photoNotImage);
    else setPhotoError(undefined);
  };

  const removePhoto = (index: number) => {
    void setFieldValue(
      'photos',
      photos.filter((_, i) => i !== index),
    );
    setPhotoError(undefined);
  };

  const pickVideo = async (file: File) => {
    if (!file.type.startsWith('video/')) {
      setVideoError(MESSAGES.videoNotVideo);
      return;
    }
    setCheckingVideo(true);
    setVideoError(undefined);
    try {
      const seconds = await readVideoDuration(file);
      const tooLong = videoDurationError(seconds);
      if (tooLong) setVideoError(tooLong);
      else void setFieldValue('video', { file, seconds } satisfies ChosenVideo);
    } catch {
      setVideoError(MESSAGES.videoUnreadable);
    } finally {
      setCheckingVideo(false);
    }
  };

  const mediaError = submitCount > 0 ? (errors as FormErrors).media : undefined;
  return (
    <div
      id={MEDIA_SECTION_ID}
      tabIndex={-1}
      className="space-y-6 rounded-xl border border-slate-200 p-5 focus:outline-2 focus:outline-emerald-700"
    >
      <PhotoPicker
        photos={photos}
        disabledByVideo={video !== null}
        disabled={disabled}
        error={photoError}
        onAdd={addPhotos}
        onRemove={removePhoto}
      />
      <VideoPicker
        video={video}
        disabledByPhotos={photos.length > 0}
        disabled={disabled}
        checking={checkingVideo}
        error={videoError}
        onPick={(file) => void pickVideo(file)}
        onRemove={() => {
          void setFieldValue('video', null);
          setVideoError(undefined);
        }}
      />
      {mediaError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {mediaError}
        </p>
      ) : null}
    </div>
  );
}
