import {
  createContext,
  useContext,
  useId,
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { ResponsiveContainer, Tooltip, Legend } from 'recharts';

import { cn } from '../../lib/utils';

/**
 * The chart frame of shadcn/ui's chart component, over Recharts: a config names each series (its label and
 * colour); the colours become `--color-{key}` variables on the frame so series are drawn with
 * `fill="var(--color-key)"`, and the tooltip and legend read the labels from the config. Imported only by the
 * report screens, which are their own route chunks: Recharts never loads with the login page. A chart is a
 * picture of the table beside it, hidden from assistive technology and the keyboard (see ChartContainer).
 */
export type ChartConfig = Record<string, { label: string; color?: string }>;

const ChartContext = createContext<ChartConfig | null>(null);

function useChartConfig() {
  const config = useContext(ChartContext);
  if (!config) throw new Error('A chart part must be inside a ChartContainer');
  return config;
}

export function ChartContainer({
  config,
  className,
  children,
  style,
  ...props
}: Omit<ComponentProps<'div'>, 'children'> & {
  config: ChartConfig;
  children: ComponentProps<typeof ResponsiveContainer>['children'];
}) {
  const id = useId();
  const colours = Object.fromEntries(
    Object.entries(config)
      .filter(([, series]) => series.color)
      .map(([key, series]) => [`--color-${key}`, series.color]),
  ) as CSSProperties;
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        data-chart={id}
        style={{ ...colours, ...style }}
        // The chart draws the table shown beside it, which is the accessible version: screen readers skip the
        // picture. It stays a picture for the mouse (a bar opens the claims it counts, hovering shows the values):
        // not `inert`, which also swallowed every click and hover. Charts drawn in it turn Recharts' keyboard
        // layer off (`accessibilityLayer={false}`), so nothing inside aria-hidden is reachable by Tab (axe's
        // aria-hidden-focus).
        aria-hidden="true"
        className={cn(
          'aspect-video w-full min-w-0 text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-surface]:outline-hidden [&_.recharts-line]:pointer-events-none [&_.recharts-active-dot]:pointer-events-none',
          className,
        )}
        {...props}
      >
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 270 }}>
          {children}
        </ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

export const ChartTooltip = Tooltip;
export const ChartLegend = Legend;

type TooltipItem = { name?: unknown; dataKey?: unknown; value?: unknown; color?: string };

/** The tooltip's box: the category, then each series with its colour, label and value. */
export function ChartTooltipContent({
  active,
  payload,
  label,
  formatValue = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : String(value)),
}: {
  active?: boolean;
  payload?: readonly TooltipItem[];
  label?: ReactNode;
  formatValue?: (value: unknown, key: string) => string;
}) {
  const config = useChartConfig();
  if (!active || !payload?.length) return null;
  return (
    <div className="bg-background border-border/50 grid min-w-32 gap-1.5 rounded-lg border px-2.5 py-1.5 text-xs shadow-xl">
      {label !== undefined && <div className="font-medium">{label}</div>}
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name ?? '');
        return (
          <div key={key} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-[2px]"
              style={{ background: item.color }}
            />
            <span className="text-muted-foreground">{config[key]?.label ?? String(item.name ?? key)}</span>
            <span className="text-foreground ml-auto font-mono font-medium tabular-nums">
              {formatValue(item.value, key)}
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** The legend: each series' colour and label, from the config. */
export function ChartLegendContent({
  payload,
}: {
  payload?: readonly { dataKey?: unknown; color?: string }[];
}) {
  const config = useChartConfig();
  if (!payload?.length) return null;
  return (
    <div className="flex flex-wrap items-center justify-center gap-4 pt-3">
      {payload.map((item) => {
        const key = String(item.dataKey ?? '');
        return (
          <div key={key} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-2 shrink-0 rounded-[2px]"
              style={{ background: item.color }}
            />
            {config[key]?.label ?? key}
          </div>
        );
      })}
    </div>
  );
}
