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
import type { DeferredMenuProps } from './deferred-menu';
import { AccountTriggerButton } from './menu-triggers';

export function AccountMenu({ user, defaultOpen }: { user: User } & DeferredMenuProps) {
  const { pathname } = useLocation();
  const replayTutorial = useReplayTutorial();
  const canReplay = replayTutorial !== null && replayTutorialPaths.has(pathname);

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountTriggerButton user={user} />
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
