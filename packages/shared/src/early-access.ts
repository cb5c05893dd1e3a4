import { z } from 'zod';

/**
 * docs/product.md#early-access: /phase4 lists the tools that are being built next, and a signed-in creator can ask for
 * early access to each one. The list lives here as data so the API validates against it and the
 * page renders from it; opt-ins are stored per user (early_access_opt_ins).
 */
export const upcomingFeatures = [
  {
    key: 'tiktok-scheduling',
    title: 'TikTok scheduling',
    description:
      'Plan and schedule TikTok posts next to your Reddit queue, with the same calendar and reminders.',
  },
  {
    key: 'instagram-scheduling',
    title: 'Instagram scheduling',
    description:
      'Schedule Instagram feed posts and stories from your gallery, with captions written in your voice.',
  },
  {
    key: 'twitter-scheduling',
    title: 'X (Twitter) scheduling',
    description:
      'Queue posts and threads for X, reuse your protected images and track which ones bring clicks.',
  },
  {
    key: 'ai-image-captions',
    title: 'AI captions from your images',
    description: 'Upload a photo and get caption ideas that describe it, ready to edit before you post.',
  },
  {
    key: 'multi-account-analytics',
    title: 'Multi-account analytics',
    description:
      'Compare every connected account in one dashboard: reach, best posting times and growth side by side.',
  },
] as const;

/**
 * Tools that left the list because they are here now, each with the page that has it. The DMCA
 * takedown assistant became leak cases; opt-ins people had made for it stay in their data export.
 */
export const releasedFeatures = [
  {
    title: 'Leak tracing and takedown notices',
    description:
      'An invisible mark in every copy you post lets you trace a found picture back to the post it came from, and each leak case gives you a takedown notice ready to send.',
    to: '/leaks/cases',
    action: 'Open leak cases',
  },
] as const;

export type UpcomingFeatureKey = (typeof upcomingFeatures)[number]['key'];
export const upcomingFeatureKeys = upcomingFeatures.map((feature) => feature.key) as [
  UpcomingFeatureKey,
  ...UpcomingFeatureKey[],
];

export function isUpcomingFeatureKey(value: string): value is UpcomingFeatureKey {
  return (upcomingFeatureKeys as readonly string[]).includes(value);
}

export const earlyAccessTexts = {
  pageTitle: 'Phase 4',
  pageDescription:
    'Early access to the tools we are building next: join the list of each one you want to try first.',
  unknownFeature:
    'There is no upcoming feature with that name. Open the Phase 4 page to see the features you can join.',
  optedIn: (title: string) => `You are on the early-access list for ${title}.`,
  optedOut: (title: string) => `You left the early-access list for ${title}.`,
  loadFailed: 'We could not load the early-access list. Check your connection and try again.',
  saveFailed: 'We could not save your choice. Please try again.',
  releasedTitle: 'Now available',
} as const;

export const earlyAccessFeatureParamsSchema = z.object({ feature: z.string().min(1).max(100) });

export const earlyAccessFeatureSchema = z.object({
  key: z.enum(upcomingFeatureKeys),
  title: z.string(),
  description: z.string(),
  optedIn: z.boolean(),
  /** When the user opted in (ISO 8601), null when not. */
  optedInAt: z.string().nullable(),
});
export type EarlyAccessFeature = z.infer<typeof earlyAccessFeatureSchema>;

export const earlyAccessListResponseSchema = z.object({ features: z.array(earlyAccessFeatureSchema) });
export type EarlyAccessListResponse = z.infer<typeof earlyAccessListResponseSchema>;
