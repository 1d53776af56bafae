// The cells of a heatmap drawn as one path per shade. ECharts' own heatmap series makes one
// element per cell, and a day of a series is thousands of cells: building, styling and painting
// them one by one was most of the run page's drawing time. Here a custom series hands each shade's
// cells to this shape, which adds them to one path: one fill per shade.
import { graphic } from 'echarts/core';

/** The shape's name, for a custom series' renderItem: `{ type: HEAT_CELLS, shape, style }`. */
export const HEAT_CELLS = 'levelfield-heat-cells';

export interface HeatCellsShape {
  /** Flat [column, row, column, row, …] of the cells of one shade. */
  cells: readonly number[];
  /** Per column, its left and right edge in pixels. */
  lefts: readonly number[];
  rights: readonly number[];
  /** Pixel y of row 0's bottom edge, and each row's height (rows grow upwards). */
  bottom: number;
  rowHeight: number;
}

const HeatCells = graphic.extendShape({
  type: HEAT_CELLS,
  shape: { cells: [], lefts: [], rights: [], bottom: 0, rowHeight: 0 } as HeatCellsShape,
  buildPath(path, shape: HeatCellsShape) {
    const { cells, lefts, rights, bottom, rowHeight } = shape;
    // Edges on whole pixels: neighbouring cells then meet exactly, where anti-aliased fractional
    // edges would leave faint seams between them.
    for (let i = 0; i < cells.length; i += 2) {
      const column = cells[i]!;
      const row = cells[i + 1]!;
      const x = Math.round(lefts[column]!);
      const y = Math.round(bottom - (row + 1) * rowHeight);
      path.rect(x, y, Math.round(rights[column]!) - x, Math.round(bottom - row * rowHeight) - y);
    }
  },
});

graphic.registerShape(HEAT_CELLS, HeatCells);
