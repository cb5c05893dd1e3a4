import { History, LayoutDashboard, LogOut, PlayCircle, Settings } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { shellTexts } from '@app/shared/messages';
import type { User } from '@app/shared/user';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useReplayTutorial } from '../../lib/replay-tutorial-context';
import { replayTutorialPaths } from '../../lib/nav-links';

export function AccountMenu({ user }: { user: User }) {
  const { pathname } = useLocation();
  const replayTutorial = useReplayTutorial();
  const canReplay = replayTutorial !== null && replayTutorialPaths.has(pathname);
  const initial = (user.username.trim()[0] ?? '?').toUpperCase();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="inline-flex cursor-pointer items-center gap-2 rounded-full p-1 pr-1 text-sm font-medium text-zinc-700 transition-colors hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500 sm:pr-3 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-8 items-center justify-center rounded-full bg-rose-100 font-semibold text-rose-700 dark:bg-rose-500/20 dark:text-rose-300"
        >
          {initial}
        </span>
        <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56">
        <DropdownMenuLabel className="flex flex-col">
          <span className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {user.username}
          </span>
          <span className="truncate">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" /> Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/history">
            <History aria-hidden="true" /> History
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden="true" /> Settings
          </Link>
        </DropdownMenuItem>
        {canReplay && (
          <DropdownMenuItem onSelect={() => replayTutorial()}>
            <PlayCircle aria-hidden="true" /> {shellTexts.replayTutorial}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/logout">
            <LogOut aria-hidden="true" /> {shellTexts.signOut}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
