import { Crown } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { shellTexts } from '@app/shared/messages';
import { Logo } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import type { User } from '@app/shared/user';
import { useSessionUser } from '../../lib/session-context';
import { useAccess } from '../../lib/access';
import { deferMenu } from './deferred-menu';
import { HeaderBar } from './header-bar';
import {
  AccountTriggerButton,
  MobileNavTriggerButton,
  ThemeTriggerButton,
  placeholderTriggerProps,
} from './menu-triggers';
import type { MobileNavProps } from './mobile-nav';

// The menus are Radix dropdowns; their code follows once the page is idle (decision 033).
const ThemeToggle = deferMenu(
  () => import('./theme-toggle').then((module) => module.ThemeToggle),
  (props) => <ThemeTriggerButton {...placeholderTriggerProps(props)} />,
);
const MobileNav = deferMenu<MobileNavProps>(
  () => import('./mobile-nav').then((module) => module.MobileNav),
  (props) => <MobileNavTriggerButton {...placeholderTriggerProps(props)} />,
);
const AccountMenu = deferMenu<{ user: User }>(
  () => import('./account-menu').then((module) => module.AccountMenu),
  ({ user, ...props }) => <AccountTriggerButton user={user} {...placeholderTriggerProps(props)} />,
);

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-rose-50 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300'
      : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white',
  );

/**
 * docs/product.md#pages-and-navigation's navigation header. `minimal` is for the account pages (password reset, verification…),
 * where no current-user lookup is made: only the logo and the theme choice show there.
 */
export function Header({ minimal = false }: { minimal?: boolean }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const access = useAccess();
  const items = minimal ? [] : access.navItems(user);
  const upgrade = !minimal && access.showsUpgrade(user);

  return (
    <HeaderBar>
      <Link to={user ? '/dashboard' : '/login'} className="rounded-lg">
        <Logo />
      </Link>
      {items.length > 0 && (
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClasses}>
              {item.label}
            </NavLink>
          ))}
        </nav>
      )}
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
        {upgrade && (
          <div className="hidden md:block">
            <Button size="sm" onClick={() => navigate('/settings')}>
              <Crown aria-hidden="true" className="size-4" /> {shellTexts.upgradeToPro}
            </Button>
          </div>
        )}
        {!minimal && !user && (
          <>
            <Button variant="ghost" size="sm" onClick={() => navigate('/login')}>
              Log In
            </Button>
            <div className="hidden sm:block">
              <Button size="sm" onClick={() => navigate('/signup')}>
                Sign Up
              </Button>
            </div>
          </>
        )}
        <ThemeToggle />
        {user && <AccountMenu user={user} />}
        {!minimal && <MobileNav user={user} items={items} showUpgrade={upgrade} />}
      </div>
    </HeaderBar>
  );
}
