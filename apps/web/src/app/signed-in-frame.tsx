import { renderToStaticMarkup } from 'react-dom/server';
import { dashboardTexts } from '@app/shared/dashboard';
import { leakTraceTexts } from '@app/shared/leak-trace';
import { mediaTexts } from '@app/shared/media';
import { communitiesTexts } from '@app/shared/messages';
import { Logo } from '../components/logo';
import { PageLayout } from '../components/page-layout';
import { captionGeneratorTexts } from '../features/ai/lib/caption-generator-texts';
import { historyTexts } from '../features/history/lib/history-texts';
import { settingsTexts } from '../features/settings/settings-texts';
import { HeaderBar } from './layout/header-bar';
import { redditPageTexts } from '../features/reddit/lib/reddit-texts';

/**
 * The signed-in pages whose heading the server sends as HTML (decision 056): the same texts the
 * page draws, so the heading the app draws later lands on the same place at the same size.
 * Communities says "active communities" until its count arrives, as the page does.
 */
export const signedInFrames = [
  { path: '/dashboard', title: dashboardTexts.title, description: dashboardTexts.description },
  { path: '/gallery', title: mediaTexts.galleryTitle, description: mediaTexts.galleryDescription },
  { path: '/history', title: historyTexts.title, description: historyTexts.description },
  {
    path: '/reddit/communities',
    title: communitiesTexts.title,
    description: communitiesTexts.intro(null),
  },
  {
    path: '/caption-generator',
    title: captionGeneratorTexts.title,
    description: captionGeneratorTexts.description,
  },
  { path: '/settings', title: settingsTexts.title, description: settingsTexts.description },
  { path: '/reddit', title: redditPageTexts.title, description: redditPageTexts.description },
  { path: '/leaks/trace', title: leakTraceTexts.pageTitle, description: leakTraceTexts.intro },
] as const;

/**
 * What a signed-in page looks like before its script runs: the header's bar with the logo, and the
 * page's heading where the page puts it. The app draws the whole page over it once its code is here
 * (boot.tsx); meanwhile the phone shows the page's title and intro instead of a blank screen.
 */
export function SignedInFrame({ title, description }: { title: string; description: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <HeaderBar>
        <a href="/dashboard" className="rounded-lg">
          <Logo />
        </a>
      </HeaderBar>
      <main id="main-content" className="flex flex-1 flex-col">
        <PageLayout title={title} description={description}>
          {null}
        </PageLayout>
      </main>
    </div>
  );
}

/** The frame's HTML; its <title> comes first, as React writes it. */
export function renderSignedInFrame(frame: (typeof signedInFrames)[number]): string {
  return renderToStaticMarkup(<SignedInFrame title={frame.title} description={frame.description} />);
}
