// What a failed tRPC call tells the reader: the first validation message (it names what to
// fix), else the server's own message (access and anchor errors say what to do).
import { TRPCClientError } from '@trpc/client';

export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof TRPCClientError)) return fallback;
  const issues = (error.data as { zodError?: { message?: string }[] | null } | undefined)?.zodError;
  return issues?.[0]?.message ?? error.message;
}
