import { Eye, Tags } from 'lucide-react';
import { photoNotice, type AiGenerateResponse } from '@app/shared/ai';

/** Whether the captions came from the photo itself or only from its tags, as the answer says. */
export function PhotoUseNotice({ response }: { response: AiGenerateResponse }) {
  const text = photoNotice(response);
  if (!text) return null;
  const Icon = response.photo?.usedAs === 'image' ? Eye : Tags;
  return (
    <p
      data-photo-used-as={response.photo?.usedAs}
      className="flex gap-2 rounded-xl border border-zinc-200 bg-zinc-50 p-3 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text}
    </p>
  );
}
