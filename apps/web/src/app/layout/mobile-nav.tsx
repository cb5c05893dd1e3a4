import { Crown, LogIn, Menu, UserPlus } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { shellTexts } from '@app/shared/messages';
import type { User } from '@app/shared/user';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { showsUpgrade, type NavItem } from '../../lib/nav-links';

/** Below the large breakpoint the header links collapse into this menu. */
export function MobileNav({ user, items }: { user: User | null; items: NavItem[] }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open navigation menu" className="lg:hidden">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60">
        {items.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
        {showsUpgrade(user) && (
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
