/**
 * `ReportChart` as the report screens use it: Recharts (with d3 and its state store, about 115 KB gzipped) is a
 * chunk of its own, fetched when the first chart is drawn, so a screen's figures and tables draw first and the
 * route's own JavaScript stays under its budget (issue 30, scripts/route-weight.mjs). Until the drawing
 * arrives, a placeholder of the chart's height holds its place.
 */
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import type { ReportChartProps } from './report-chart';

/** Any datum: lazy() takes no generic component, and the props were checked against `Datum` at the call. */
type AnyChartProps = ReportChartProps<{ label: string }>;
const Drawing = lazy(() =>
  import('./report-chart').then((m) => ({ default: m.ReportChart<{ label: string }> })),
);

export function ReportChart<Datum extends { label: string }>({
  className = 'h-72',
  ...props
}: ReportChartProps<Datum>) {
  const size = props.height === undefined ? { className } : { style: { height: props.height } };
  return (
    <Suspense fallback={<Skeleton aria-hidden="true" {...size} />}>
      <Drawing {...(props as unknown as AnyChartProps)} className={className} />
    </Suspense>
  );
}
