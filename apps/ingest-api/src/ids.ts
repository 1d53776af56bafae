// Row ids in the same shape as Prisma's cuid() defaults (lower-case, starts with a letter,
// 25 characters), so rows written here look like rows written by the web app.
import { randomBytes } from 'node:crypto';

export function newId(): string {
  const time = Date.now().toString(36).padStart(9, '0');
  const random = BigInt(`0x${randomBytes(10).toString('hex')}`)
    .toString(36)
    .padStart(16, '0')
    .slice(-15);
  return `c${time}${random}`;
}
