import { Crown, LogIn, UserPlus } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { shellTexts } from '@app/shared/messages';
import type { User } from '@app/shared/user';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import type { NavItem } from '../../lib/access';
import type { DeferredMenuProps } from './deferred-menu';
import { MobileNavTriggerButton } from './menu-triggers';

export interface MobileNavProps {
  user: User | null;
  items: readonly NavItem[];
  showUpgrade: boolean;
}

/** Below the large breakpoint the header links collapse into this menu. */
export function MobileNav({ user, items, showUpgrade, defaultOpen }: MobileNavProps & DeferredMenuProps) {
  const navigate = useNavigate();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MobileNavTriggerButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60">
        {items.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
        {showUpgrade && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => navigate('/settings')}>
              <Crown aria-hidden="true" /> {shellTexts.upgradeToPro}
            </DropdownMenuItem>
          </>
        )}
        {!user && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => navigate('/login')}>
              <LogIn aria-hidden="true" /> Log In
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate('/signup')}>
              <UserPlus aria-hidden="true" /> Sign Up
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
