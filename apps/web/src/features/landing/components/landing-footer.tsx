import { Link } from 'react-router';
import { Logo } from '../../../components/logo';

export function LandingFooter() {
  return (
    <footer className="border-t border-zinc-200 dark:border-zinc-800">
      <div className="mx-auto flex w-full max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 sm:flex-row sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Legal" className="flex gap-6 text-sm text-zinc-600 dark:text-zinc-400">
          <Link to="/privacy" className="hover:text-zinc-900 dark:hover:text-white">
            Privacy Policy
          </Link>
          <Link to="/terms" className="hover:text-zinc-900 dark:hover:text-white">
            Terms of Service
          </Link>
        </nav>
        <p className="text-sm text-zinc-500">© {new Date().getFullYear()} Creator Studio</p>
      </div>
    </footer>
  );
}
