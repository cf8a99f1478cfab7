import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { ALLOWED_IMAGE_TYPES, compressImage, isAllowedImage } from '@/lib/images/compress-image';
import './image-upload.css';

export type ImageUploadProps = {
  variant: 'button' | 'dropzone';
  /** Called with the compressed file once it is ready, and with `null` when the choice is removed. */
  onChange(file: File | null): void;
  /** The photo already on file, shown until a new one is picked (and again after Remove). */
  initialPreviewUrl?: string | null;
  label?: string;
};

/** One photo: the first of several dropped or picked is taken. */
export function ImageUpload({
  variant,
  onChange,
  initialPreviewUrl = null,
  label = 'Profile picture',
}: ImageUploadProps) {
  const labelId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [compressing, setCompressing] = useState(false);
  const [dragDepth, setDragDepth] = useState(0);
  // Each pick bumps the generation so a slow compression that finishes after a newer pick (or unmount) is dropped.
  const generation = useRef(0);
  // The preview URL this widget made and has not yet revoked; it goes when replaced, removed or unmounted.
  const objectUrl = useRef<string | null>(null);

  useEffect(() => {
    const generations = generation;
    return () => {
      generations.current++;
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
      objectUrl.current = null;
    };
  }, []);

  function showPreview(url: string | null) {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = url;
    setPreview(url);
  }

  function openPicker() {
    if (!compressing) inputRef.current?.click();
  }

  async function accept(list: FileList | readonly File[] | null) {
    const picked = Array.from(list ?? [])[0];
    if (!picked) return;
    if (!isAllowedImage(picked)) {
      toast.error('Unsupported file type', 'Please choose a PNG, JPEG, WebP or GIF image.');
      return;
    }

    const run = ++generation.current;
    setCompressing(true);
    try {
      const compressed = await compressImage(picked);
      if (run !== generation.current) return;
      showPreview(URL.createObjectURL(compressed));
      onChange(compressed);
    } catch {
      if (run === generation.current)
        toast.error('Image compression failed', 'Please try a different image.');
    } finally {
      if (run === generation.current) setCompressing(false);
    }
  }

  function remove() {
    generation.current++;
    setCompressing(false);
    showPreview(null);
    onChange(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    }
  }

  const dropHandlers = {
    onDragEnter(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      setDragDepth((d) => d + 1);
    },
    onDragOver(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave() {
      setDragDepth((d) => Math.max(0, d - 1));
    },
    onDrop(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      setDragDepth(0);
      void accept(event.dataTransfer.files);
    },
  };

  const dragging = dragDepth > 0;
  const shown = preview ?? initialPreviewUrl;
  const isCurrentPhoto = preview === null && shown !== null;
  const types = 'PNG, JPEG, WebP or GIF.';

  const previewList = shown !== null && (
    <ul className="image-upload__previews" aria-label={isCurrentPhoto ? 'Current photo' : 'Selected photos'}>
      <li>
        <img
          className="image-upload__preview"
          src={shown}
          width={256}
          height={variant === 'dropzone' ? 320 : 256}
          alt={isCurrentPhoto ? 'Your current photo' : 'Preview of the selected photo'}
        />
      </li>
    </ul>
  );

  return (
    <div className="image-upload" data-variant={variant}>
      <span id={labelId} className="image-upload__label">
        {label}
      </span>

      {variant === 'dropzone' ? (
        // The whole box takes clicks and drops; the button inside is what keyboards and screen readers meet. The
        // hint stays outside it, so the button's name ('Profile picture') is all the text it shows (WCAG 2.5.3).
        <div
          className="image-upload__dropzone"
          data-dragging={dragging || undefined}
          onClick={openPicker}
          {...dropHandlers}
        >
          <div
            role="button"
            tabIndex={0}
            aria-labelledby={labelId}
            aria-describedby={hintId}
            aria-busy={compressing}
            aria-disabled={compressing}
            className="image-upload__target"
            onKeyDown={onKeyDown}
          >
            {previewList || <PhotoIcon />}
          </div>
          <span id={hintId} className="image-upload__hint">
            {shown !== null ? (
              <PointerText fine="Click or drop a photo to replace it." coarse="Tap to replace it." />
            ) : (
              <PointerText
                fine={`Drag and drop a photo here, or click to choose. ${types}`}
                coarse={`Tap to choose a photo. ${types}`}
              />
            )}
          </span>
        </div>
      ) : (
        <div className="image-upload__button-row" data-dragging={dragging || undefined} {...dropHandlers}>
          <Button
            type="button"
            variant="secondary"
            onClick={openPicker}
            disabled={compressing}
            aria-describedby={hintId}
          >
            {shown !== null ? 'Choose another photo' : 'Choose a photo'}
          </Button>
          <span id={hintId} className="image-upload__hint">
            <PointerText fine={`You can also drop a photo here. ${types}`} coarse={types} />
          </span>
          {previewList}
        </div>
      )}

      <div className="image-upload__footer">
        {preview !== null && !compressing && (
          <Button type="button" variant="secondary" size="sm" onClick={remove}>
            Remove
          </Button>
        )}
        <p className="image-upload__status" role="status" aria-live="polite">
          {compressing && (
            <>
              <Spinner size="sm" label="" /> Compressing…
            </>
          )}
        </p>
      </div>

      <input
        ref={inputRef}
        className="image-upload__input"
        type="file"
        tabIndex={-1}
        aria-label={label}
        accept={ALLOWED_IMAGE_TYPES.join(',')}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Reset so picking the same file again still fires a change.
          event.target.value = '';
          void accept(files);
        }}
      />
    </div>
  );
}

/** Touch screens and phones cannot drag files in, so they get tap wording instead (image-upload.css). */
function PointerText({ fine, coarse }: { fine: string; coarse: string }) {
  return (
    <>
      <span className="image-upload__fine">{fine}</span>
      <span className="image-upload__coarse">{coarse}</span>
    </>
  );
}

function PhotoIcon() {
  return (
    <svg className="image-upload__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M4 7.5A2.5 2.5 0 0 1 6.5 5h1.8l1.2-1.6h5l1.2 1.6h1.8A2.5 2.5 0 0 1 20 7.5v9a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 16.5zM12 16a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z"
      />
    </svg>
  );
}
