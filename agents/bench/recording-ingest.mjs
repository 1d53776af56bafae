// The ingest side of `npm run bench:fidelity` (fidelity.mjs): a local ingest API that keeps
// what the agent sends as the real one stores it, and the figures read back from what it kept.
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { importTs } from './common.mjs';

// The contract the real ingest API validates with, and the HdrHistogram codec the ingest API and
// the web app read frames with (not the agent's Go one).
const { FrameBatch, INGEST_LIMITS } = await importTs('packages/contracts/src/ingest.ts');
const { checkEncoded, mergeEncoded } = await importTs('packages/metrics/src/hdr/index.ts');

/** "name{k=v,…}" with sorted labels: one stored series. */
export function seriesKey(name, labels = {}) {
  const pairs = Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .sort();
  return `${name}{${pairs.join(',')}}`;
}

function answer(response, status, body) {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
}

/**
 * A local ingest API that keeps every run's frames by series and seq, as the real one stores
 * them (a replayed frame is stored once), after the checks the real one makes before storing: the
 * body limit, the contract's FrameBatch schema and a decodable histogram in every frame. What
 * fails them is refused with the real API's error shape, so the agent quarantines it, as it
 * would in production.
 */
export async function startRecordingIngest(cleanups) {
  const runs = new Map();
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (request.url === '/v1/runs' && request.method === 'POST') {
        const id = `run${runs.size + 1}`;
        runs.set(id, {
          create: JSON.parse(raw),
          series: new Map(),
          frames: new Map(),
          posted: 0,
          refused: 0,
          finish: null,
        });
        answer(response, 201, { id, url: `http://fidelity.invalid/runs/${id}`, liveUrl: 'x' });
        return;
      }
      const [, id, verb] = request.url.match(/^\/v1\/runs\/([^/]+)\/(frames|finish)$/) ?? [];
      const stored = runs.get(id);
      if (!stored)
        return answer(response, 404, { error: { code: 'RUN_NOT_FOUND', message: `no run ${id}` } });
      if (verb === 'finish') {
        stored.finish = JSON.parse(raw);
        return answer(response, 200, {
          id,
          status: stored.finish.status,
          endedAt: stored.finish.endedAt,
          exitCode: 0,
        });
      }
      if (raw.length > INGEST_LIMITS.bodyBytes) {
        return answer(response, 413, { error: { code: 'BODY_TOO_LARGE', message: `${raw.length} bytes` } });
      }
      const batch = JSON.parse(raw);
      const parsed = FrameBatch.safeParse(batch);
      stored.posted += batch.frames?.length ?? 0;
      let problem = parsed.success ? null : parsed.error.issues[0];
      if (!problem) {
        for (const f of parsed.data.frames) {
          try {
            if (f.histogram) checkEncoded(f.histogram);
          } catch (error) {
            problem = { path: ['frames'], message: String(error.message) };
            break;
          }
        }
      }
      if (problem) {
        stored.refused += batch.frames?.length ?? 0;
        return answer(response, 400, {
          error: { code: 'VALIDATION_FAILED', message: `${problem.path.join('.')}: ${problem.message}` },
        });
      }
      const keys = new Map(parsed.data.series.map((s) => [s.key, seriesKey(s.name, s.labels)]));
      let duplicates = 0;
      for (const s of parsed.data.series) stored.series.set(seriesKey(s.name, s.labels), s);
      for (const f of parsed.data.frames) {
        const key = keys.get(f.series);
        if (!stored.frames.has(key)) stored.frames.set(key, new Map());
        if (stored.frames.get(key).has(f.seq)) duplicates += 1;
        else stored.frames.get(key).set(f.seq, f);
      }
      answer(response, 200, { accepted: parsed.data.frames.length - duplicates, duplicates });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  return { url: `http://127.0.0.1:${server.address().port}`, token: 'lf_fidelity', project: 'bench', runs };
}

// ───────────────────────────── what was stored ─────────────────────────────

/** A stored series' frames in seq order (none: an empty list). */
export function framesOf(stored, key) {
  return [...(stored.frames.get(key)?.values() ?? [])].sort((a, b) => a.seq - b.seq);
}

/** A series' frames, which must exist: the figures compared come from them. */
export function requireFrames(stored, key) {
  const frames = framesOf(stored, key);
  if (frames.length === 0) throw new Error(`nothing stored for ${key} (${stored.frames.size} other series)`);
  return frames;
}

/** Every frame of a series merged into one histogram, decoded by the TypeScript codec. */
export function merged(stored, key) {
  return mergeEncoded(requireFrames(stored, key).map((f) => f.histogram));
}

/** Sum of a series' frame counts. */
export function storedCount(stored, key) {
  return framesOf(stored, key).reduce((n, f) => n + f.count, 0);
}

/** The mean of a series' frames, weighted by their counts, as the ingest API's rollups compute it. */
export function storedMean(frames) {
  const count = frames.reduce((n, f) => n + f.count, 0);
  return frames.reduce((sum, f) => sum + f.mean * f.count, 0) / count;
}

/**
 * Frames the run lacks: those refused (the agent keeps them in its quarantine and its finish
 * counts them), missing seq numbers inside a series, and batches left in the agent's spool. A run
 * that never finished lost at least its finish.
 */
export function framesLost(stored, spool) {
  let gaps = 0;
  for (const key of stored.frames.keys()) {
    const seqs = framesOf(stored, key).map((f) => f.seq);
    gaps += seqs.at(-1) - seqs[0] + 1 - seqs.length;
  }
  const left = existsSync(spool)
    ? readdirSync(spool, { recursive: true }).filter((f) => String(f).includes('batch-')).length
    : 0;
  return (stored.finish?.framesQuarantined ?? 0) + gaps + left + (stored.finish ? 0 : 1);
}
