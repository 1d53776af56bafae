// A report chart for readers without JavaScript: drawn on the server as SVG inside <noscript>,
// so it costs browsers that run the interactive chart nothing but the bytes.
import { renderChartSvg } from '@levelfield/ui/chart-svg';
import { type ReportChartData, reportChartOption } from './report-charts';

/** Wide enough for the axis labels, narrow enough to stay legible when scaled to a phone. */
const WIDTH = 760;

export function StaticChart({ data, height }: { data: ReportChartData; height: number }) {
  const option = reportChartOption(data);
  if (!option) return null;
  return (
    <noscript>
      <div
        className="chart-svg"
        role="img"
        aria-label={data.title}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: ECharts' own SVG of data from the snapshot, labels escaped by ECharts
        dangerouslySetInnerHTML={{ __html: renderChartSvg(option, { width: WIDTH, height }) }}
      />
    </noscript>
  );
}
