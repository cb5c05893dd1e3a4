import { mediaTexts } from '@app/shared/media';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { UploadItem } from '../hooks/use-upload-queue';
import { TextField } from './text-field';
import { UploadDropzone } from './upload-dropzone';
import { UploadProgressList } from './upload-progress-list';

interface GalleryUploadCardProps {
  tags: string;
  onTagsChange: (tags: string) => void;
  onFiles: (files: File[]) => void;
  uploads: UploadItem[];
  onCancel: (id: string) => void;
  onDismiss: (id: string) => void;
}

/** docs/product.md#gallery-and-media: the optional tags field, the multi-image picker and a progress row per file. */
export function GalleryUploadCard({
  tags,
  onTagsChange,
  onFiles,
  uploads,
  onCancel,
  onDismiss,
}: GalleryUploadCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload images</CardTitle>
        <CardDescription>
          Each photo is uploaded on its own and saved to your private gallery.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <TextField
          id="gallery-tags"
          label="Tags (optional)"
          placeholder="e.g. beach, summer"
          autoComplete="off"
          value={tags}
          onValueChange={onTagsChange}
          hint="Separate tags with commas; they are saved with the images you pick next. While you type, the gallery shows only images whose file name contains the text."
        />
        <UploadDropzone
          accept="image/*"
          prompt={mediaTexts.uploadPrompt}
          hint={mediaTexts.supportsMultiple}
          onFiles={onFiles}
        />
        <UploadProgressList items={uploads} onCancel={onCancel} onDismiss={onDismiss} />
      </CardContent>
    </Card>
  );
}
