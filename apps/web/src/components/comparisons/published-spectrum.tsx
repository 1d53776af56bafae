'use client';
// A comparison of published results has no measured spectra: its latency percentiles as printed
// are drawn on the same percentile axis, one transaction and end point at a time (as on its
// report), with the group the entries all print chosen first.
import { Chart } from '@levelfield/ui/chart';
import { useState } from 'react';
import { spectrumLinesOption } from './comparison-charts';
import { chosenLatencyGroup, type publishedLatencyGroups } from './published-latency';

type Group = ReturnType<typeof publishedLatencyGroups>[number];

export function PublishedSpectrum({ groups }: { groups: readonly Group[] }) {
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = chosenLatencyGroup(groups, choice);
  const option = chosen ? spectrumLinesOption(chosen.lines) : null;
  if (!chosen || !option) return null;
  return (
    <div>
      <h2>Published latency percentiles</h2>
      {groups.length > 1 ? (
        <label className="small">
          Transaction{' '}
          <select value={chosen.id} onChange={(e) => setChoice(e.target.value)}>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="muted small">{chosen.title}</p>
      )}
      <Chart
        ariaLabel={`Published latency percentiles: ${chosen.title}`}
        option={option}
        style={{ height: 300 }}
      />
      <p className="muted small">
        As printed, on a percentile axis; maxima are in the table, not on the axis.
      </p>
    </div>
  );
}
