// The figures a tool printed rather than sampled (wrk's and sysbench's summaries, pgbench's
// progress lines, memtier's tables: gauges). They have no histogram, so the summary table and the
// charts, which are drawn from histograms, leave them out; without this panel a wrk run's page
// showed none of wrk's figures at all.
import { TableScroll } from '~/components/table/table-scroll';
import { formatCount, formatDecimal, formatLatency, isDurationUnit, toMillis } from '~/lib/format';
import { seriesNamer } from '~/lib/series-name';
import { db } from '~/server/db';

/**
 * A figure with up to two decimals, as tools print them (wrk's "Requests/sec: 1458.61"), and its
 * unit; durations in the unit their size calls for, as the summary table above shows latencies.
 */
function figure(value: number, unit: string): string {
  if (isDurationUnit(unit)) return formatLatency(toMillis(unit, value));
  // "1" is the unit of a plain count, "1/s" of a rate of one ("1,915.19/s").
  if (unit === '1/s') return `${formatDecimal(value, 2)}/s`;
  return unit && unit !== '1' ? `${formatDecimal(value, 2)} ${unit}` : formatDecimal(value, 2);
}

export async function PrintedFigures({ runId }: { runId: string }) {
  const gauges = await db().series.findMany({
    where: { runId, kind: 'gauge' },
    select: { id: true, name: true, unit: true, labels: true, summary: true },
    orderBy: [{ name: 'asc' }, { labelsKey: 'asc' }],
  });
  if (gauges.length === 0) return null;
  const named = gauges.map((g) => ({ ...g, labels: (g.labels ?? {}) as Record<string, string> }));
  const title = seriesNamer(named);
  return (
    <section className="panel" data-testid="printed-figures">
      <h2>Figures as the tool reported them</h2>
      <TableScroll label="Reported figures, table">
        <table className="table summary" aria-label="Figures as the tool reported them">
          <thead>
            <tr>
              <th>Figure</th>
              <th className="num">Readings</th>
              <th className="num">Value</th>
            </tr>
          </thead>
          <tbody>
            {named.map((g) => {
              const s = g.summary;
              const count = s ? Number(s.count) : 0;
              return (
                <tr key={g.id} data-series={g.name}>
                  <td>{title(g)}</td>
                  <td className="num">{s ? formatCount(count) : '—'}</td>
                  {/* One reading (an end-of-test summary) is the figure itself; several (one per
                      interval) are shown by their range and mean. */}
                  <td className="num">
                    {!s
                      ? 'not summarized yet'
                      : count === 1
                        ? figure(s.min, g.unit)
                        : `${figure(s.min, g.unit)} – ${figure(s.max, g.unit)}, mean ${figure(s.mean, g.unit)}`}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
