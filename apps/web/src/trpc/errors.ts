// What a failed tRPC call tells the reader: the first refused field's own message (it names what
// to fix), else the server's message (access and anchor errors say what to do). Both come from
// the server's AppError (server/trpc.ts's error formatter).
import { TRPCClientError } from '@trpc/client';

export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof TRPCClientError)) return fallback;
  const details = (error.data as { details?: readonly { message: string }[] } | undefined)?.details;
  return details?.[0]?.message ?? error.message;
}
