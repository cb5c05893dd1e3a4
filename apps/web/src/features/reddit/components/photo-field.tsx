import { useEffect, useId, useRef, useState } from 'react';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { aiTexts, photoNotice } from '@app/shared/ai';
import { GalleryPhotoPicker } from '../../../components/gallery-photos/gallery-photo-picker';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useWriteTitleFromPhoto } from '../api/write-title-from-photo';
import { redditErrorText } from '../lib/reddit-error-text';
import { hintClasses, labelClasses } from './field-styles';

interface PhotoFieldProps {
  imageId: string;
  onChange: (imageId: string) => void;
  disabled?: boolean;
  /** The subreddit as typed: its title rules shape a written title. */
  subreddit: string;
  /** A title written from the photo, for the title field (the user can still edit it). */
  onTitle: (title: string) => void;
}

/**
 * An optional photo from the gallery: the post then goes to Reddit as a native image post, and a
 * title can be written from it (one AI generation).
 */
export function PhotoField({ imageId, onChange, disabled, subreddit, onTitle }: PhotoFieldProps) {
  const id = useId();
  const writeTitle = useWriteTitleFromPhoto();
  // The answer arrives after other fields may have changed: hand it to the form as it is then.
  const onTitleNow = useRef(onTitle);
  useEffect(() => {
    onTitleNow.current = onTitle;
  });
  // How the last written title used the photo, for the photo it was written from.
  const [written, setWritten] = useState<{ imageId: string; notice: string } | null>(null);
  const notice = written?.imageId === imageId ? written.notice : null;

  function choose(next: string) {
    writeTitle.reset();
    onChange(next);
  }

  function write() {
    writeTitle.mutate(
      { mediaId: imageId, subreddit },
      {
        onSuccess: (answer) => {
          const title = answer.content[0]?.titles[0];
          if (!title) return;
          onTitleNow.current(title);
          setWritten({ imageId, notice: photoNotice(answer) ?? '' });
        },
        onError: (error) => toast.error(aiTexts.generationFailed, { description: redditErrorText(error) }),
      },
    );
  }

  return (
    <div className="space-y-1.5">
      <p className={labelClasses}>
        Photo <span className="font-normal text-zinc-500">(optional)</span>
      </p>
      <GalleryPhotoPicker
        photoId={imageId}
        onChange={choose}
        disabled={disabled}
        addLabel="Add a photo from your gallery"
        dialogDescription="Posts use the protected copy of a photo when there is one, so reverse image searches miss it."
        errorText={redditErrorText}
      />
      {imageId && (
        <div className="space-y-1">
          <Button
            size="sm"
            variant="outline"
            className="w-full sm:w-auto"
            disabled={disabled || writeTitle.isPending}
            aria-busy={writeTitle.isPending || undefined}
            aria-describedby={`${id}-title-hint`}
            onClick={write}
          >
            {writeTitle.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" className="size-4" />
            )}
            {writeTitle.isPending ? 'Writing a title...' : 'Write a title from this photo'}
          </Button>
          <p id={`${id}-title-hint`} role="status" className={hintClasses}>
            {notice ?? 'Fills in the title; you can edit it. Uses one of today’s AI generations.'}
          </p>
        </div>
      )}
      <p className={hintClasses}>
        With a photo, it goes to Reddit as an image post. We send the protected copy when you made one.
      </p>
    </div>
  );
}
