// The tRPC endpoint against hostile requests: bodies past the limit are refused before they are
// buffered (withBoundedBody, which api/trpc/route.ts applies; e2e/rest.spec.ts sends an oversized
// body to the running endpoint), and an unexpected server error reaches the client without its
// internals. Every error reaches the client as the AppError the server threw: its message, and in
// `data` its code, HTTP status and field path (server/trpc.ts).
import { AppError, appErrorOf } from '@levelfield/contracts/errors';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_BODY_BYTES, withBoundedBody } from '~/server/rest/http';
import { createCallerFactory, publicProcedure, router, signedInProcedure } from '~/server/trpc';

const MiB = 1024 * 1024;

/** A body that never ends, counting what the server pulls from it. */
function endlessBody() {
  const pulled = { bytes: 0 };
  const chunk = new Uint8Array(MiB).fill(0x20);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled };
}

describe('the tRPC endpoint', () => {
  it('refuses a 100 MB body declared by Content-Length without reading it', async () => {
    const { body, pulled } = endlessBody();
    const refused = withBoundedBody(
      new Request('http://localhost/api/trpc/published.import', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(100 * MiB) },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    await expect(refused).rejects.toMatchObject({
      code: 'BODY_TOO_LARGE',
      message: /larger than 5,000,000 bytes/,
    });
    expect(pulled.bytes).toBeLessThanOrEqual(MiB);
  });

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    const { body, pulled } = endlessBody();
    const refused = withBoundedBody(
      new Request('http://localhost/api/trpc/published.import', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    await expect(refused).rejects.toMatchObject({ code: 'BODY_TOO_LARGE' });
    expect(pulled.bytes).toBeLessThan(MAX_BODY_BYTES + 3 * MiB);
  });

  it('tells the client that something went wrong, not what', async () => {
    const broken = router({
      boom: publicProcedure.query(() => {
        throw new Error('relation "users" does not exist at /srv/levelfield/apps/web/src/server/db.ts:12');
      }),
    });
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request('http://localhost/api/trpc/boom'),
      router: broken,
      createContext: () => ({ db: null as never, viewerId: null }),
    });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(text).toMatch(/Something went wrong on the server/);
    expect(text).not.toMatch(/relation|users|\/srv\/|db\.ts|stack/);
  });

  it('refuses text that cannot be printed or stored, naming the field, before the procedure runs', async () => {
    let ran = false;
    const echo = router({
      save: publicProcedure.input(z.object({ run: z.object({ name: z.string() }) })).mutation(() => {
        ran = true;
      }),
    });
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request('http://localhost/api/trpc/save', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { run: { name: 'pg\u0000bench' } } }),
      }),
      router: echo,
      createContext: () => ({ db: null as never, viewerId: null }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/run\.name: holds the control character U\+0000 \(NUL\)/);
    expect(ran).toBe(false);
  });

  describe('errors', () => {
    const domain = router({
      taken: publicProcedure.mutation(() => {
        throw new AppError('CONFLICT', 'The slug "x" is taken. Choose another.', 'slug');
      }),
      create: publicProcedure
        .input(z.object({ name: z.string().min(1, 'Give it a name.'), size: z.number() }))
        .mutation(() => 'created'),
      mine: signedInProcedure.query(() => 'yours'),
    });

    async function call(path: string, body?: unknown) {
      const response = await fetchRequestHandler({
        endpoint: '/api/trpc',
        req: new Request(`http://localhost/api/trpc/${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify({ json: body }),
        }),
        router: domain,
        createContext: () => ({ db: null as never, viewerId: null }),
      });
      const { error } = (await response.json()) as { error: { json: { message: string; data: object } } };
      return { status: response.status, message: error.json.message, data: error.json.data };
    }

    it('answers an AppError with its status, message, code and field', async () => {
      expect(await call('taken', {})).toEqual({
        status: 409,
        message: 'The slug "x" is taken. Choose another.',
        data: { code: 'CONFLICT', httpStatus: 409, path: 'slug' },
      });
    });

    it('answers a refused input as VALIDATION_FAILED naming the first field, with every field in details', async () => {
      expect(await call('create', { name: '', size: 'big' })).toMatchObject({
        status: 400,
        message: 'name: Give it a name.',
        data: {
          code: 'VALIDATION_FAILED',
          path: 'name',
          details: [
            { field: 'name', message: 'Give it a name.' },
            { field: 'size', message: expect.any(String) },
          ],
        },
      });
    });

    it('asks an anonymous caller to sign in', async () => {
      expect(await call('mine')).toMatchObject({ status: 401, data: { code: 'UNAUTHENTICATED' } });
    });

    it('hands server callers the AppError as the cause of what they catch', async () => {
      const caller = createCallerFactory(domain)({ db: null as never, viewerId: null });
      const error = await caller.taken().catch((e: unknown) => e);
      expect(appErrorOf(error)).toMatchObject({ code: 'CONFLICT', path: 'slug' });
    });
  });
});
