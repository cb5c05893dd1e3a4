import { Menu, Monitor, Moon, Sun } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { User } from '@app/shared/user';
import { Button } from '../../components/ui/button';
import { useTheme } from '../../lib/theme';
import type { PlaceholderProps } from './deferred-menu';

// The header menus' trigger buttons, shared by each Radix menu and its placeholder (deferred-menu.tsx),
// so both draw the same button with the same name.

type TriggerProps = ComponentProps<'button'>;

export function ThemeTriggerButton(props: TriggerProps) {
  const { preference, resolvedTheme } = useTheme();
  const Icon = preference === 'system' ? Monitor : resolvedTheme === 'dark' ? Moon : Sun;
  return (
    <Button variant="ghost" size="icon" aria-label="Theme" title="Theme" {...props}>
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  );
}

export function MobileNavTriggerButton(props: TriggerProps) {
  return (
    <Button variant="ghost" size="icon" aria-label="Open navigation menu" className="lg:hidden" {...props}>
      <Menu aria-hidden="true" className="size-5" />
    </Button>
  );
}

export function AccountTriggerButton({ user, className, ...props }: TriggerProps & { user: User }) {
  const initial = (user.username.trim()[0] ?? '?').toUpperCase();
  return (
    <button
      type="button"
      aria-label="Account menu"
      className={
        className ??
        'inline-flex cursor-pointer items-center gap-2 rounded-full p-1 pr-1 text-sm font-medium text-zinc-700 transition-colors hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500 sm:pr-3 dark:text-zinc-200 dark:hover:bg-zinc-800'
      }
      {...props}
    >
      <span
        aria-hidden="true"
        className="inline-flex size-8 items-center justify-center rounded-full bg-rose-100 font-semibold text-rose-700 dark:bg-rose-500/20 dark:text-rose-300"
      >
        {initial}
      </span>
      <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
    </button>
  );
}

/** What a placeholder trigger adds: the menu's aria before it exists, and the handlers that load it. */
export function placeholderTriggerProps({ onRequestOpen, onIntent }: PlaceholderProps): TriggerProps {
  return {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    // Radix opens on pointerdown too; the click covers Enter and Space.
    onPointerDown: (event) => {
      if (event.button === 0 && !event.ctrlKey) onRequestOpen();
    },
    onClick: onRequestOpen,
    onKeyDown: (event) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        onRequestOpen();
      }
    },
    onPointerEnter: onIntent,
    onFocus: onIntent,
  } as TriggerProps;
}
