import { Sparkles } from 'lucide-react';
import { cn } from './ui/cn';

export const productName = 'Creator Studio';

/** The product mark: icon plus name. The name stays readable text so links using it get an accessible name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-rose-500 to-pink-600 text-white shadow-sm">
        <Sparkles aria-hidden="true" className="size-4.5" />
      </span>
      <span className="text-base">{productName}</span>
    </span>
  );
}
