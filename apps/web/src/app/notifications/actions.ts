'use server';
// Marking notifications read from the /notifications page (plain forms: they work without
// JavaScript). The layout is revalidated too, so the bell's count follows.
import { revalidatePath } from 'next/cache';
import { serverCaller } from '~/server/root';

export async function markReadAction(formData: FormData): Promise<void> {
  const id = String(formData.get('id') ?? '');
  if (id) await (await serverCaller()).notifications.markRead({ ids: [id] });
  revalidatePath('/', 'layout');
}

export async function markAllReadAction(): Promise<void> {
  await (await serverCaller()).notifications.markAllRead();
  revalidatePath('/', 'layout');
}
