'use client';
// One report chart, hydrated in the browser. The server renders its container at full height, so
// nothing moves when the chart draws (no layout shift); without JavaScript the caption and the
// tables beside it carry the numbers.
import { Chart } from '@levelfield/ui/chart';
import { useMemo } from 'react';
import { type ReportChartData, reportChartOption } from './report-charts';

/** The chart's width in print: A4 portrait less the print stylesheet's margins (report.css). */
export const PRINT_WIDTH = 680;

export function ReportChart({ data, height }: { data: ReportChartData; height: number | string }) {
  const option = useMemo(() => reportChartOption(data), [data]);
  if (!option) return null;
  return (
    <Chart
      ariaLabel={data.title}
      option={option}
      className="report-chart"
      style={{ height }}
      printWidth={PRINT_WIDTH}
    />
  );
}
