// The report's Open Graph image (1200×630 PNG): title, organization, the first headline row and
// the fairness flags. Drawn for anonymous readers only — the crawlers that fetch it have no
// session — so a private report has none (404). Uses next/og's bundled font: works offline.
import { appErrorOf } from '@levelfield/contracts/errors';
import { notFound } from 'next/navigation';
import { ImageResponse } from 'next/og';
import { db } from '~/server/db';
import { getReport } from '~/server/reports/read';
import { ogSummary } from './og-summary';

export const alt = 'A Levelfield benchmark report: headline figures and fairness flags';
export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';

const COLORS = { text: '#14171c', muted: '#5d6673', accent: '#2f6feb', bad: '#cf222e', ok: '#1a7f37' };

async function readable(slug: string) {
  try {
    return await getReport(db(), null, slug);
  } catch (error) {
    if (appErrorOf(error)?.code === 'NOT_FOUND') notFound();
    throw error;
  }
}

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const report = await readable((await params).slug);
  const s = ogSummary(report.version.snapshot, report.org.name);
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '56px 64px',
        background: '#ffffff',
        borderTop: `12px solid ${COLORS.accent}`,
        color: COLORS.text,
        fontSize: 28,
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <div style={{ display: 'flex', color: COLORS.muted, fontSize: 26 }}>
          {`${s.org} · report, version ${s.version}`}
        </div>
        <div
          style={{
            display: 'flex',
            fontSize: s.title.length > 70 ? 48 : 58,
            fontWeight: 700,
            lineHeight: 1.15,
          }}
        >
          {s.title}
        </div>
      </div>
      {s.headline ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
          <div style={{ display: 'flex', color: COLORS.muted, fontSize: 24 }}>{s.headline.metric}</div>
          <div style={{ display: 'flex', gap: 48 }}>
            {s.headline.cells.slice(0, 4).map((c) => (
              <div key={c.entry} style={{ display: 'flex', flexDirection: 'column' }}>
                <div style={{ display: 'flex', fontSize: 24, color: COLORS.muted }}>{c.entry}</div>
                <div style={{ display: 'flex', fontSize: 44, fontWeight: 700 }}>{c.value}</div>
                {c.ratio ? (
                  <div style={{ display: 'flex', fontSize: 22, color: COLORS.muted }}>{c.ratio}</div>
                ) : null}
              </div>
            ))}
          </div>
        </div>
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end' }}>
        <div style={{ display: 'flex', color: s.flags > 0 ? COLORS.bad : COLORS.ok, fontWeight: 700 }}>
          {`${s.flags} fairness flag${s.flags === 1 ? '' : 's'}${s.waived > 0 ? ` (and ${s.waived} waived)` : ''} in ${s.checks} checks`}
        </div>
        <div style={{ display: 'flex', color: COLORS.accent, fontWeight: 700 }}>Levelfield</div>
      </div>
    </div>,
    size,
  );
}
