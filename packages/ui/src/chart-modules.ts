// The ECharts modules Levelfield draws with, registered by the browser chart (chart.tsx, canvas)
// and by the server's static rendering (chart-svg.ts, SVG) alike.
import { CustomChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  BrushComponent,
  DatasetComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
// Registers the shape heatmaps are drawn with (a custom series; heat-cells.ts says why).
import './heat-cells';

export const CHART_MODULES = [
  LineChart,
  CustomChart,
  ScatterChart,
  GridComponent,
  DatasetComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  BrushComponent,
  ToolboxComponent,
  VisualMapComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
];
