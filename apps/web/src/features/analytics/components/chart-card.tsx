import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';

/** A titled card holding one chart and its text alternative, or an empty state instead of both. */
export function ChartCard({
  title,
  description,
  empty,
  children,
  className,
}: {
  title: string;
  description?: string;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('min-w-0', className)}>
      <CardHeader>
        <CardTitle className="text-base text-zinc-900 dark:text-white">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{empty ?? children}</CardContent>
    </Card>
  );
}

/**
 * The drawing area: the SVG is decorative for assistive technology (the table beside it carries the
 * figures), so Recharts' keyboard layer is switched off: a focusable chart inside aria-hidden would
 * be a stop the screen reader cannot name. The initial size lets the chart draw before the first
 * measurement (and in jsdom).
 */
export function ChartBox({
  children,
  height = 224,
}: {
  children: ReactElement<{ accessibilityLayer?: boolean }>;
  height?: number;
}) {
  return (
    <div aria-hidden="true" className="w-full text-zinc-500 dark:text-zinc-400" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
        {cloneElement(children, { accessibilityLayer: false })}
      </ResponsiveContainer>
    </div>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-4 py-10 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
      <p>{children}</p>
      {action}
    </div>
  );
}

/** Series colours that read on both the light and the dark background. */
export const seriesColors = ['#e11d48', '#0284c7', '#059669', '#d97706', '#7c3aed', '#64748b'] as const;
export const sentColor = '#059669';
export const failedColor = '#dc2626';
export const axisProps = {
  tick: { fill: 'currentColor', fontSize: 12 },
  stroke: 'currentColor',
  tickLine: false,
} as const;
export const gridProps = { stroke: 'currentColor', strokeOpacity: 0.15, vertical: false } as const;
export const tooltipProps = {
  contentStyle: { borderRadius: 8, fontSize: 12, color: '#18181b' },
  cursor: { fill: 'currentColor', fillOpacity: 0.08 },
} as const;
