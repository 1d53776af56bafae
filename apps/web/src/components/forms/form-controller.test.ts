import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateTokenInput } from '~/lib/schemas/projects';
import { type FormView, formController, fromAction } from './form-controller';
import { formValues } from './form-values';

const Schema = z.object({
  name: z.string().trim().min(1, 'Enter a name'),
  systems: z.array(z.object({ label: z.string().min(1, 'Name the system') })),
});

function track<R>(send: (input: z.output<typeof Schema>) => Promise<R>) {
  const views: FormView<R>[] = [];
  const controller = formController(Schema, send, (view) => views.push(view));
  return { controller, views };
}

/** A tRPC error as the client sees one from server/trpc.ts's error formatter. */
function trpcError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message, code: -32600, data } });
}

describe('formController', () => {
  it('puts a schema issue under its field path and sends nothing', async () => {
    let sent = 0;
    const { controller } = track(async () => sent++);
    const accepted = await controller.submit({ name: ' ', systems: [{ label: 'a' }, { label: '' }] });
    expect(accepted).toBe(false);
    expect(sent).toBe(0);
    expect(controller.view.fieldErrors).toEqual({
      name: 'Enter a name',
      'systems.1.label': 'Name the system',
    });
    expect(controller.view.pending).toBe(false);
  });

  it('is pending while the server answers, and keeps what it returned', async () => {
    let answer: (value: string) => void = () => {};
    const { controller, views } = track(() => new Promise<string>((resolve) => (answer = resolve)));
    const submitted = controller.submit({ name: 'Ada', systems: [] });
    expect(controller.view.pending).toBe(true);
    // A second press while pending sends nothing.
    expect(await controller.submit({ name: 'Ada', systems: [] })).toBe(false);
    answer('ok');
    expect(await submitted).toBe(true);
    expect(controller.view).toMatchObject({
      pending: false,
      accepted: true,
      result: 'ok',
      error: null,
      fieldErrors: {},
    });
    expect(views.map((view) => view.pending)).toEqual([true, false]);
  });

  it('sends the parsed values (trimmed, transformed)', async () => {
    let sent: unknown;
    const { controller } = track(async (input) => (sent = input));
    await controller.submit({ name: '  Ada ', systems: [], extra: 'dropped' });
    expect(sent).toEqual({ name: 'Ada', systems: [] });
  });

  it("lands a tRPC error's details on their fields", async () => {
    const { controller } = track(() =>
      Promise.reject(
        trpcError('name: already taken', {
          code: 'VALIDATION_FAILED',
          path: 'name',
          details: [{ field: 'name', message: 'already taken' }],
        }),
      ),
    );
    await controller.submit({ name: 'Ada', systems: [] });
    expect(controller.view).toMatchObject({
      pending: false,
      error: null,
      fieldErrors: { name: 'already taken' },
    });
  });

  it('shows a refusal without details above the form, naming the field of its path', async () => {
    const { controller } = track(() =>
      Promise.reject(trpcError('That slug is taken; choose another.', { code: 'CONFLICT', path: 'slug' })),
    );
    await controller.submit({ name: 'Ada', systems: [] });
    expect(controller.view).toMatchObject({
      fieldErrors: {},
      error: 'That slug is taken; choose another.',
      errorPath: 'slug',
    });
  });

  it('shows a refusal that names no field above the form', async () => {
    const { controller } = track(() =>
      Promise.reject(trpcError('Only owners may invite.', { code: 'FORBIDDEN' })),
    );
    await controller.submit({ name: 'Ada', systems: [] });
    expect(controller.view).toMatchObject({
      error: 'Only owners may invite.',
      errorPath: null,
      fieldErrors: {},
    });
  });

  it("reads a server action's refusal like a tRPC error", async () => {
    const action = fromAction(async (_input: unknown) => ({
      ok: false as const,
      failure: {
        code: 'VALIDATION_FAILED',
        message: 'x',
        details: [{ field: 'systems.0.label', message: 'Too long' }],
      },
    }));
    const { controller } = track(action);
    await controller.submit({ name: 'Ada', systems: [{ label: 'a' }] });
    expect(controller.view.fieldErrors).toEqual({ 'systems.0.label': 'Too long' });
  });

  it('says something went wrong for an unexpected error, without its text', async () => {
    const { controller } = track(() => Promise.reject(new Error('relation "User" does not exist')));
    await controller.submit({ name: 'Ada', systems: [] });
    expect(controller.view.error).toMatch(/^Something went wrong/);
  });

  it('clears earlier errors when the values pass', async () => {
    const { controller } = track(async () => 'ok');
    await controller.submit({ name: '', systems: [] });
    expect(controller.view.fieldErrors).toHaveProperty('name');
    await controller.submit({ name: 'Ada', systems: [] });
    expect(controller.view.fieldErrors).toEqual({});
  });
});

describe('formValues', () => {
  it('reads a list field with every value, and an unchecked one as empty', () => {
    const data = new FormData();
    data.set('name', 'ci');
    expect(formValues(CreateTokenInput, data)).toEqual({ name: 'ci', scopes: [] });
    data.append('scopes', 'read');
    data.append('scopes', 'ingest');
    expect(CreateTokenInput.parse(formValues(CreateTokenInput, data))).toEqual({
      name: 'ci',
      scopes: ['ingest', 'read'],
      expires: 'never',
    });
  });
});
