import type { TargetBox } from './use-tour-target';

const padding = 6;

/**
 * Dims the page around the step's target with a ring on it, or dims it all when the page has no
 * target. Purely visual: it lets clicks through, so the page stays usable behind the tour.
 */
export function TourSpotlight({ box }: { box: TargetBox | null }) {
  if (!box) {
    return <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-50 bg-zinc-950/40" />;
  }
  return (
    <div
      aria-hidden="true"
      data-tour-spotlight=""
      className="pointer-events-none fixed z-50 rounded-xl outline-4 outline-rose-500 dark:outline-rose-400"
      style={{
        top: box.top - padding,
        left: box.left - padding,
        width: box.width + padding * 2,
        height: box.height + padding * 2,
        // The dimming is a shadow around the hole, so the target itself stays bright; the ring is an outline.
        boxShadow: '0 0 0 9999px rgb(9 9 11 / 0.4)',
      }}
    />
  );
}
