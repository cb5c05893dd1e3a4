import {
  BarChart3,
  CalendarClock,
  Receipt,
  ShieldCheck,
  Sparkles,
  Target,
  type LucideIcon,
} from 'lucide-react';
import { Card } from '../../../components/ui/card';

const features: Array<{ title: string; description: string; icon: LucideIcon }> = [
  {
    // The spec's card title; the text says what a default install does (docs/ai-generation.md#writers).
    title: 'AI Content Generation',
    description:
      'A built-in writer drafts titles, captions and hashtags for Reddit, Twitter, Instagram and TikTok from your prompt. Connect an AI model (OpenAI, or a local one with Ollama) for AI-written copy.',
    icon: Sparkles,
  },
  {
    title: 'ImageShield Protection',
    // Leak tracing and takedown notices belong to protection: the spec's six cards stay six.
    description:
      'Change your photos so fingerprint matching misses them, trace a leaked copy back to its post by an invisible mark, and send a takedown notice.',
    icon: ShieldCheck,
  },
  {
    title: 'Platform Optimization',
    description:
      'Find the communities where you fit: the chance your next post that follows the rules stays up for 24 hours, and each one’s posting rules.',
    icon: Target,
  },
  {
    title: 'Smart Scheduling',
    description: 'Queue posts for the best time to post and see what happened to each one.',
    icon: CalendarClock,
  },
  {
    title: 'Advanced Analytics',
    description: 'See which posts, platforms and communities bring you the most engagement.',
    icon: BarChart3,
  },
  {
    title: 'Tax & Finance Tools',
    description: 'Keep track of income and deductible expenses from your creator business.',
    icon: Receipt,
  },
];

export function FeatureGrid() {
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="mx-auto w-full max-w-7xl scroll-mt-20 px-4 py-20 sm:px-6 lg:px-8"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Everything you need to grow
        </h2>
        <p className="mt-4 text-zinc-600 dark:text-zinc-400">
          One studio for creating, protecting and promoting your content.
        </p>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ title, description, icon: Icon }) => (
          <li key={title}>
            <Card className="h-full p-6 transition-shadow hover:shadow-md">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-rose-100 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
