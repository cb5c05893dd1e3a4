import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FeatureGrid } from '../../../features/landing/components/feature-grid';
import { LandingFooter } from '../../../features/landing/components/landing-footer';
import { MetricsBand } from '../../../features/landing/components/metrics-band';
import { useLandingQueryParams } from './use-landing-query-params';

/** docs/product.md#who-it-is-for: hero, public metrics, the six features, a call to action to /login and the legal links. */
export function LandingPage() {
  useLandingQueryParams();
  return (
    <div className="flex flex-1 flex-col">
      <title>Creator Studio · Create, protect and promote your content</title>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-96 max-w-4xl rounded-full bg-gradient-to-r from-rose-300/40 via-pink-300/40 to-fuchsia-300/30 blur-3xl dark:from-rose-600/20 dark:via-pink-600/20 dark:to-fuchsia-600/10"
        />
        <div className="relative mx-auto flex max-w-4xl flex-col items-center px-4 pt-20 pb-12 text-center sm:pt-28">
          <span className="rounded-full border border-rose-200 bg-white/70 px-4 py-1.5 text-sm font-medium text-rose-700 dark:border-rose-500/30 dark:bg-zinc-900/70 dark:text-rose-300">
            Built for creators who promote on Reddit
          </span>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            Create, protect and promote your content{' '}
            <span className="bg-gradient-to-r from-rose-600 to-pink-600 bg-clip-text text-transparent dark:from-rose-400 dark:to-pink-400">
              in one studio
            </span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-zinc-600 dark:text-zinc-400">
            Draft captions for every platform from a few words, shield your photos from reverse image search,
            find the right communities and schedule your posts for the moments that count.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/login">
                Get Started <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#features">See what’s inside</a>
            </Button>
          </div>
        </div>
      </section>
      <MetricsBand />
      <FeatureGrid />
      <section className="mx-auto mb-20 w-full max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-gradient-to-br from-rose-600 to-pink-700 px-6 py-14 text-center text-white shadow-lg sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight">Ready to grow your audience?</h2>
          <p className="mx-auto mt-3 max-w-xl text-rose-100">
            Start free. Upgrade to Starter for $13.99 or Pro for $24.99 a month when you need more.
          </p>
          <Link
            to="/login"
            className="mt-8 inline-flex h-12 items-center gap-2 rounded-lg bg-white px-6 font-semibold text-rose-700 shadow-sm transition-colors hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Start creating now <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </section>
      <LandingFooter />
    </div>
  );
}
