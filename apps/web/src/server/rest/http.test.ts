import { gzipSync } from 'node:zlib';
import { AppError } from '@levelfield/contracts/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponse, parseJson, readBody } from './http.ts';

const request = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://x/api', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('REST plumbing', () => {
  it('reads a body up to its limit and refuses one past it, declared or streamed', async () => {
    expect(await readBody(request('hello'), 10)).toBe('hello');
    await expect(readBody(request('x'.repeat(11)), 10)).rejects.toMatchObject({ code: 'BODY_TOO_LARGE' });
    const streamed = new ReadableStream({
      start(c) {
        for (let i = 0; i < 5; i++) c.enqueue(new TextEncoder().encode('xxxx'));
        c.close();
      },
    });
    await expect(readBody(request(streamed), 10)).rejects.toMatchObject({ code: 'BODY_TOO_LARGE' });
    await expect(readBody(request('x', { 'content-length': '999' }), 10)).rejects.toBeInstanceOf(AppError);
  });

  it('refuses a body that is not UTF-8 or is compressed, instead of reading it altered', async () => {
    // "Müller" in a Windows-1252 CSV: 0xFC alone is no UTF-8.
    await expect(readBody(request(Buffer.from('run\nMüller', 'latin1')))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('not valid UTF-8'),
    });
    await expect(readBody(request(gzipSync('[]'), { 'content-encoding': 'gzip' }))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringContaining('gzip'),
    });
    expect(await readBody(request(Buffer.from('run\nMüller, 漢字 😀')))).toBe('run\nMüller, 漢字 😀');
  });

  it('says where JSON broke', () => {
    expect(() => parseJson('{"a": ')).toThrow(/not valid JSON/);
  });

  it('answers every error in one shape with its status, and hides internals', async () => {
    const notFound = errorResponse(new AppError('NOT_FOUND', 'No run x.'));
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No run x.' } });
    const zod = z.object({ slug: z.string() }).safeParse({});
    const invalid = errorResponse(zod.error);
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', path: 'slug' });
    // What a tRPC caller throws: the domain's AppError as its cause, answered as itself.
    const wrapped = errorResponse(new Error('from a caller', { cause: new AppError('FORBIDDEN', 'Ask.') }));
    expect(wrapped.status).toBe(403);
    expect(await wrapped.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Ask.' } });
    const original = console.error;
    console.error = () => {};
    const internal = errorResponse(new Error('secret detail'));
    console.error = original;
    expect(internal.status).toBe(500);
    expect(JSON.stringify(await internal.json())).not.toContain('secret');
  });
});
