/**
 * The System report's events chart (spec 2, 9): an SVG as wide as its
 * container (kept current by a ResizeObserver), one stacked bar per bucket
 * of at most 10 px, server events below stream events, a time axis of
 * MM/dd dates and HH:mm times. Dragging across it with a mouse, pen or
 * finger (pointer events) selects whole buckets; a tap selects one. The
 * chart allows vertical page scrolling by touch (touch-action: pan-y), so
 * on a phone a sideways drag selects and an up-down one scrolls.
 *
 * From the keyboard the chart takes focus: the arrow keys select the bucket
 * beside the selection, with Shift they grow it on their side, Escape
 * clears it.
 *
 * Each column carries a <title> with its span and counts for pointer hover
 * and assistive technology. Cost: three SVG elements per bucket, about 450
 * at 1440 px.
 */
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { axisTicks } from '../../../core/report/chart-axis';
import { bucketAtX, bucketEvents, bucketIndex, bucketsSpan, largestBucket, type TimeSpan } from '../../../core/report/event-buckets';
import { formatEventTime } from '../../../core/report/report-format';
import type { ReportEventRow } from '../../../core/report/report-rows';
import { t } from '../../../i18n/translate';
import { useElementSize } from '../../stage/grid/use-element-size';

interface EventsChartProps {
  view: TimeSpan;
  rows: readonly ReportEventRow[];
  selection: TimeSpan | null;
  onSelect: (span: TimeSpan | null) => void;
}

const HEIGHT_PX = 180;
const AXIS_PX = 22;
const TOP_PX = 6;
const PLOT_PX = HEIGHT_PX - AXIS_PX - TOP_PX;

function xOf(view: TimeSpan, widthPx: number, atMs: number): number {
  return ((atMs - view.startMs) / (view.stopMs - view.startMs)) * widthPx;
}

export function EventsChart({ view, rows, selection, onSelect }: EventsChartProps): ReactElement {
  const frame = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(frame);
  const buckets = useMemo(() => bucketEvents(view, width, rows), [view, width, rows]);
  const ticks = useMemo(() => axisTicks(view, width), [view, width]);
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const most = largestBucket(buckets);
  const bucketPx = width / buckets.length;
  const shown = drag ? bucketsSpan(buckets, drag.from, drag.to) : selection;

  const bucketOf = (event: PointerEvent<SVGSVGElement>) =>
    bucketAtX(event.clientX - event.currentTarget.getBoundingClientRect().left, width, buckets.length);

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0 || width <= 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const index = bucketOf(event);
    setDrag({ from: index, to: index });
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const index = bucketOf(event);
    if (index !== drag.to) setDrag({ ...drag, to: index });
  };
  const onPointerUp = () => {
    if (!drag) return;
    onSelect(bucketsSpan(buckets, drag.from, drag.to));
    setDrag(null);
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key === 'Escape') {
      onSelect(null);
      return;
    }
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const last = buckets.length - 1;
    // The selection's first and last buckets; without one, the keys start from an end of the chart.
    const first = selection ? bucketIndex(view, buckets.length, selection.startMs) : step > 0 ? -1 : buckets.length;
    const end = selection ? bucketIndex(view, buckets.length, selection.stopMs - 1) : first;
    const clamp = (index: number) => Math.min(last, Math.max(0, index));
    if (event.shiftKey && selection) {
      // Shift grows the selection on the arrow's side.
      onSelect(step < 0 ? bucketsSpan(buckets, clamp(first - 1), end) : bucketsSpan(buckets, first, clamp(end + 1)));
    } else {
      const next = clamp(step < 0 ? first - 1 : end + 1);
      onSelect(bucketsSpan(buckets, next, next));
    }
  };

  return (
    <div className="events-chart" ref={frame}>
      {width > 0 && (
        <svg
          width={width}
          height={HEIGHT_PX}
          role="group"
          aria-label={t('report.chart.label', { start: formatEventTime(view.startMs), stop: formatEventTime(view.stopMs) })}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          {shown && (
            <rect
              className="events-chart-selection"
              x={xOf(view, width, shown.startMs)}
              y={0}
              width={Math.max(1, xOf(view, width, shown.stopMs) - xOf(view, width, shown.startMs))}
              height={HEIGHT_PX - AXIS_PX}
              data-testid="events-chart-selection"
            />
          )}
          {buckets.map((bucket, index) => {
            const count = bucket.orchid + bucket.stream;
            const x = index * bucketPx;
            const barWidth = Math.max(1, bucketPx - 1);
            const orchidPx = (bucket.orchid / most) * PLOT_PX;
            const streamPx = (bucket.stream / most) * PLOT_PX;
            return (
              <g key={bucket.startMs} className="events-chart-bucket" data-count={count}>
                <title>
                  {t('report.chart.bar', {
                    count,
                    orchid: bucket.orchid,
                    stream: bucket.stream,
                    start: formatEventTime(bucket.startMs),
                    stop: formatEventTime(bucket.stopMs),
                  })}
                </title>
                {/* The whole column answers hover, so a bucket's title shows over empty ones too. */}
                <rect className="events-chart-hit" x={x} y={0} width={bucketPx} height={HEIGHT_PX - AXIS_PX} />
                {bucket.orchid > 0 && (
                  <rect className="events-chart-orchid" x={x} y={TOP_PX + PLOT_PX - orchidPx} width={barWidth} height={orchidPx} />
                )}
                {bucket.stream > 0 && (
                  <rect
                    className="events-chart-stream"
                    x={x}
                    y={TOP_PX + PLOT_PX - orchidPx - streamPx}
                    width={barWidth}
                    height={streamPx}
                  />
                )}
              </g>
            );
          })}
          <line className="events-chart-baseline" x1={0} x2={width} y1={HEIGHT_PX - AXIS_PX} y2={HEIGHT_PX - AXIS_PX} />
          <g className="events-chart-axis" aria-hidden="true">
            {ticks.map((tick) => (
              <g key={tick.atMs}>
                <line x1={tick.x} x2={tick.x} y1={HEIGHT_PX - AXIS_PX} y2={HEIGHT_PX - AXIS_PX + 4} />
                <text
                  x={tick.x}
                  y={HEIGHT_PX - 5}
                  className={tick.kind === 'date' ? 'events-chart-date' : undefined}
                  textAnchor={tick.x < 20 ? 'start' : tick.x > width - 20 ? 'end' : 'middle'}
                >
                  {tick.label}
                </text>
              </g>
            ))}
          </g>
        </svg>
      )}
    </div>
  );
}
