import { useEffect, useRef, useState } from 'react';
import { aiTexts } from '@app/shared/ai';
import { Check, Copy } from 'lucide-react';
import { Button, type ButtonProps } from './ui/button';
import { toast } from './ui/toast';
import { copyText } from './copy-text';

interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The text put on the clipboard; a function is called at click time. */
  text: string | (() => string);
  /** The visible label, e.g. "Copy caption". */
  label: string;
  /** The accessible name when the label alone is ambiguous, e.g. "Copy caption of variant 2". */
  accessibleLabel?: string;
  /** Icon only, with the label as its accessible name. */
  iconOnly?: boolean;
}

/** Copies on click and says "Copied" on the button for two seconds; failures toast 'Copy failed'. */
export function CopyButton({
  text,
  label,
  accessibleLabel,
  iconOnly = false,
  variant = 'outline',
  size = 'sm',
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await copyText(typeof text === 'function' ? text() : text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
      toast.error(aiTexts.copyFailed, { description: aiTexts.copyFailedHelp });
    }
  }

  const Icon = copied ? Check : Copy;
  const name = accessibleLabel ?? label;
  return (
    <Button
      variant={variant}
      size={iconOnly ? 'icon' : size}
      onClick={() => void copy()}
      aria-label={iconOnly || accessibleLabel ? (copied ? `Copied: ${name}` : name) : undefined}
      data-copied={copied || undefined}
      {...props}
    >
      <Icon
        aria-hidden="true"
        className={copied ? 'size-4 text-emerald-600 dark:text-emerald-400' : 'size-4'}
      />
      {!iconOnly && <span aria-live="polite">{copied ? 'Copied' : label}</span>}
    </Button>
  );
}
