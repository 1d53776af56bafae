// A chart drawn once on the server as an SVG string (ECharts server-side rendering): for readers
// without JavaScript, where the browser chart (chart.tsx) cannot draw. Same option, same modules.
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { CHART_MODULES } from './chart-modules';

use([...CHART_MODULES, SVGRenderer]);

/** The SVG markup of `option` at width × height (it has a viewBox, so CSS can scale it). */
export function renderChartSvg(option: EChartsCoreOption, size: { width: number; height: number }): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, ...size });
  try {
    chart.setOption({ ...option, animation: false });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
