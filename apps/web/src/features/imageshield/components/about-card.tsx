import { Link } from 'react-router';
import { ArrowRight, Images, UserPlus } from 'lucide-react';
import { imageshieldTexts, tryMaxSide } from '@app/shared/imageshield';
import { hashLabels, hashNames } from '@app/shared/media';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

const detectorNames = hashNames.map((name) => hashLabels[name]).join(', ');

const steps = [
  'Your photo is visibly tilted, stretched and recoloured a little, its edges mirrored to fill the frame, in a new random way each time.',
  `The copy is measured with ${hashNames.length} image fingerprints (${detectorNames}), the kind repost detectors compare.`,
  'If one still matches, it is made again a little stronger, and you see every measurement.',
];

/** What protection does and does not do, and where to go next (sign up, or the gallery). */
export function AboutCard({ signedIn }: { signedIn: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-zinc-900 dark:text-white">How it works</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-zinc-700 dark:text-zinc-300">
        <ol className="space-y-2">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span
                aria-hidden="true"
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-rose-100 text-xs font-semibold text-rose-700 dark:bg-rose-500/15 dark:text-rose-300"
              >
                {index + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
        <p className="rounded-lg bg-zinc-100 p-3 text-xs text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-400">
          {imageshieldTexts.scope} Photos larger than {tryMaxSide} px are scaled down to that on their long
          side.
        </p>
        {signedIn ? (
          <div className="space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <p className="font-medium text-zinc-900 dark:text-white">Protect the photos you keep</p>
            <p className="text-zinc-600 dark:text-zinc-400">
              In your gallery each photo keeps its protected copy and this result next to the original.
            </p>
            <Button asChild variant="outline" size="sm">
              <Link to="/gallery">
                <Images aria-hidden="true" />
                Open your gallery
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        ) : (
          <div className="space-y-2 rounded-xl border border-rose-200 bg-rose-50 p-4 dark:border-rose-500/30 dark:bg-rose-500/10">
            <p className="font-medium text-zinc-900 dark:text-white">Keep your protected photos</p>
            <p className="text-zinc-600 dark:text-zinc-300">
              Create a free account to save photos to your private gallery, protect them anytime and get more
              tries each hour.
            </p>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <Button asChild size="sm">
                <Link to="/signup">
                  <UserPlus aria-hidden="true" />
                  Sign up free
                </Link>
              </Button>
              <Link
                to="/login"
                className="text-sm font-medium text-rose-700 underline-offset-4 hover:underline dark:text-rose-300"
              >
                I have an account
              </Link>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
