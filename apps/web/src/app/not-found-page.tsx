import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { shellTexts } from '@app/shared/messages';
import { buttonClasses } from '../components/ui/button';

export function NotFoundPage() {
  return (
    <section className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <title>{`${shellTexts.notFoundTitle} · Creator Studio`}</title>
      <span className="mb-6 inline-flex size-14 items-center justify-center rounded-2xl bg-rose-100 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300">
        <Compass aria-hidden="true" className="size-7" />
      </span>
      <p className="text-sm font-semibold tracking-wide text-rose-600 uppercase dark:text-rose-400">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{shellTexts.notFoundTitle}</h1>
      <p className="mt-3 max-w-md text-zinc-600 dark:text-zinc-400">
        The page you are looking for does not exist or has moved. Check the address, or head back home.
      </p>
      <Link to="/" className={buttonClasses('primary', 'lg') + ' mt-8'}>
        {shellTexts.goHome}
      </Link>
    </section>
  );
}
