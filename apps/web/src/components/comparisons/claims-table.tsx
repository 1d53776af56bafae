// The publication's claims beside Levelfield's recomputation from the same published figures.
// No hooks: rendered wherever the comparison is.
import { TableScroll } from '~/components/table/table-scroll';
import { formatDifference, formatFactor } from '~/lib/format';
import type { CheckedClaim } from '~/server/comparisons/claims';

export function ClaimsTable({ claims }: { claims: readonly CheckedClaim[] }) {
  return (
    <TableScroll label="Claims of the publication">
      <table className="table" aria-label="Claims of the publication">
        <thead>
          <tr>
            <th scope="col">The publication says</th>
            <th scope="col">Compared</th>
            <th scope="col">Claimed</th>
            <th scope="col">From its figures</th>
            <th scope="col">Difference</th>
          </tr>
        </thead>
        <tbody>
          {claims.map((c) => (
            <tr key={`${c.text}|${c.entry}|${c.versus}`}>
              <th scope="row">
                <q>{c.text}</q>
              </th>
              <td>
                {c.entry} vs {c.versus}, {c.quantity}
              </td>
              <td>{formatFactor(c.factor)}</td>
              <td>
                {c.computed === null ? <span className="muted">{c.note}</span> : formatFactor(c.computed)}
              </td>
              <td>{c.difference === null ? '—' : formatDifference(c.difference)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
