// Database health for the /healthz and /api/health endpoints.

export type DatabaseStatus = { status: 'up'; latencyMs: number } | { status: 'down'; reason: string };

/** One round trip with a deadline; used by both health endpoints. */
export async function probeDatabase(
  query: () => Promise<unknown>,
  timeoutMs = 2000,
): Promise<DatabaseStatus> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      query(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { status: 'down', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
