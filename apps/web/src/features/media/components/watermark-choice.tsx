import { useId } from 'react';
import { Link } from 'react-router';
import { Stamp } from 'lucide-react';
import { watermarkTextFor } from '@app/shared/media';

interface WatermarkChoiceProps {
  /** Free plans: the server always adds the watermark, so there is nothing to choose. */
  forced: boolean;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled: boolean;
  username: string | undefined;
}

/** docs/product.md#imageshield: Free users always get watermarked protection; starter, pro and admins choose. */
export function WatermarkChoice({
  forced,
  checked,
  onCheckedChange,
  disabled,
  username,
}: WatermarkChoiceProps) {
  const id = useId();
  if (forced) {
    return (
      <p className="mt-6 flex items-start gap-2 rounded-lg bg-zinc-100 p-3 text-xs text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-400">
        <Stamp aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        <span>
          On the Free plan every protected copy carries your watermark.{' '}
          <Link
            to="/settings"
            className="font-medium text-rose-700 underline underline-offset-2 hover:no-underline dark:text-rose-300"
          >
            Upgrade
          </Link>{' '}
          to choose.
        </span>
      </p>
    );
  }
  return (
    <div className="mt-6 flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-rose-600 disabled:cursor-not-allowed"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-zinc-900 dark:text-white">
          Add my watermark
        </label>
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {/* Paid plans may have saved their own text in Settings; the server draws that, else the username mark. */}
          Puts your watermark text from Settings (or {username ? watermarkTextFor(username) : 'your name'}{' '}
          when none is set) in a corner of the next protected copy.
        </p>
      </div>
    </div>
  );
}
