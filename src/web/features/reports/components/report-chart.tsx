/**
 * The one Recharts drawing of the report screens: bars (side by side or stacked) and lines over a category
 * axis, coloured from a shadcn/ui chart config. A bar with `open` links to All Claims filtered to what it counts.
 */
import { useEffect, useRef, useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Line, XAxis, YAxis } from 'recharts';
import type { ReportCount } from '@shared/reports';
import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from '../../../components/ui/chart';
import { useOpenClaims } from './report-card';

export type ChartSeries<Datum> = {
  /** The datum's field and the config's key. */
  key: string;
  line?: boolean;
  /** Bars with the same stack are stacked; only the last of a stack gets rounded corners. */
  stack?: string;
  /** The claims a bar counts (clicking it opens them). */
  open?: (datum: Datum) => ReportCount | undefined;
};

const shortLabel = (value: string) => (value.length > 14 ? `${value.slice(0, 13)}…` : value);
/** About the width of a character of the axis' 12 px text. */
const CHARACTER_PX = 6.5;

/** The highest a datum reaches: its stacks' sums, its other bars and lines. */
function largestValue<Datum>(data: readonly Datum[], series: readonly ChartSeries<Datum>[]): number {
  let largest = 0;
  for (const datum of data) {
    const stacks = new Map<string, number>();
    for (const { key, stack } of series) {
      const value = Number((datum as Record<string, unknown>)[key]) || 0;
      const reached = stack === undefined ? value : (stacks.get(stack) ?? 0) + value;
      if (stack !== undefined) stacks.set(stack, reached);
      largest = Math.max(largest, reached);
    }
  }
  return largest;
}

/**
 * The width the value axis' largest tick needs (Recharts rounds the top tick up: a quarter more is allowed), at
 * least 32 px: 13,000 claims a week on a large fleet no longer lose their first digit.
 */
const tickWidth = (largest: number, valueTick?: (value: number) => string) => {
  const top = Math.ceil(largest * 1.25);
  const text = valueTick ? valueTick(top) : String(top);
  return Math.max(32, Math.ceil(text.length * CHARACTER_PX) + 8);
};

/** The element's width as it changes (undefined until measured, and where ResizeObserver is missing). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export type ReportChartProps<Datum> = {
  config: ChartConfig;
  data: readonly Datum[];
  series: readonly ChartSeries<Datum>[];
  className?: string;
  /** A height in pixels that grows with the rows (instead of the class's). */
  height?: number;
  /** Bars grow to the right, one row per label (for long names). */
  horizontal?: boolean;
  /** A value as the tooltip shows it. */
  format?: (value: number | null) => string;
  valueTick?: (value: number) => string;
  /** The value axis' width when vertical; by default, what its largest tick needs. */
  valueWidth?: number;
  valueDomain?: [number, number];
  wholeNumbers?: boolean;
  /** The label axis' width when horizontal. */
  labelWidth?: number;
  /** Skip labels closer than this (a time axis); otherwise every label shows, shortened. */
  labelGap?: number;
  legend?: boolean;
  /** Columns grow in when drawn (horizontal bars never: Recharts' ComposedChart left them undrawn). */
  animate?: boolean;
};

export function ReportChart<Datum extends { label: string }>({
  config,
  data,
  series,
  className,
  height,
  horizontal = false,
  format,
  valueTick,
  valueWidth: givenValueWidth,
  valueDomain,
  wholeNumbers = false,
  labelWidth = 80,
  labelGap,
  legend = series.length > 1,
  animate = true,
}: ReportChartProps<Datum>) {
  const open = useOpenClaims();
  const [frame, width] = useWidth();
  const valueWidth = givenValueWidth ?? tickWidth(largestValue(data, series), valueTick);
  // Column labels that no longer fit side by side (a narrow screen) are tilted rather than overlapping.
  const longest = Math.max(0, ...data.map((datum) => shortLabel(datum.label).length));
  const tilt =
    !horizontal &&
    labelGap === undefined &&
    width !== undefined &&
    data.length > 0 &&
    (width - valueWidth) / data.length < longest * CHARACTER_PX + 8;
  const valueAxis = {
    tickLine: false,
    axisLine: false,
    allowDecimals: !wholeNumbers,
    ...(valueTick && { tickFormatter: valueTick }),
    ...(valueDomain && { domain: valueDomain }),
  };
  const labelAxis = { dataKey: 'label', tickLine: false, axisLine: false };
  const lastOfStack = (index: number) => {
    const stack = series[index]!.stack;
    return stack === undefined || !series.slice(index + 1).some((other) => other.stack === stack);
  };
  return (
    <div ref={frame} className="min-w-0">
      <ChartContainer
        config={config}
        className={height === undefined ? className : undefined}
        style={height === undefined ? undefined : { height }}
      >
        <ComposedChart
          // The table beside it is the keyboard's and screen reader's version (ChartContainer is aria-hidden).
          accessibilityLayer={false}
          data={data as Datum[]}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ left: valueWidth > 32 || horizontal ? 8 : 0, right: 8 }}
        >
          <CartesianGrid vertical={horizontal} horizontal={!horizontal} />
          {horizontal ? (
            <>
              <XAxis type="number" {...valueAxis} />
              <YAxis type="category" {...labelAxis} width={labelWidth} interval={0} />
            </>
          ) : (
            <>
              <XAxis
                {...labelAxis}
                {...(labelGap === undefined
                  ? { interval: 0, tickFormatter: shortLabel }
                  : { minTickGap: labelGap })}
                {...(tilt && {
                  angle: -35,
                  textAnchor: 'end',
                  height: Math.round(longest * CHARACTER_PX * 0.6) + 16,
                })}
              />
              <YAxis {...valueAxis} width={valueWidth} />
            </>
          )}
          <ChartTooltip
            content={
              <ChartTooltipContent formatValue={format && ((value) => format(value as number | null))} />
            }
          />
          {legend && <ChartLegend content={<ChartLegendContent />} />}
          {series.map((line, index) =>
            line.line ? (
              <Line
                key={line.key}
                isAnimationActive={false}
                dataKey={line.key}
                stroke={`var(--color-${line.key})`}
                strokeWidth={2}
                dot={false}
              />
            ) : (
              <Bar
                key={line.key}
                isAnimationActive={animate && !horizontal}
                dataKey={line.key}
                stackId={line.stack}
                fill={`var(--color-${line.key})`}
                radius={lastOfStack(index) ? (horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]) : undefined}
                {...(line.open && {
                  cursor: 'pointer',
                  onClick: (entry: { payload?: unknown }) => open(line.open!(entry.payload as Datum)),
                })}
              />
            ),
          )}
        </ComposedChart>
      </ChartContainer>
    </div>
  );
}
