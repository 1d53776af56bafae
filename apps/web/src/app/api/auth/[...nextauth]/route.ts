// Auth.js's endpoints (sign-in, sign-out, session). A sign-in form is a few hundred bytes: bodies
// are bounded before Auth.js parses them, like every other route's.
import { AppError } from '@levelfield/contracts/errors';
import { NextRequest } from 'next/server';
import { handlers } from '~/server/auth';
import { errorResponse, withBoundedBody } from '~/server/rest/http';

const MAX_AUTH_BODY_BYTES = 64 * 1024;

export const { GET } = handlers;

export async function POST(request: Request): Promise<Response> {
  try {
    return await handlers.POST(new NextRequest(await withBoundedBody(request, MAX_AUTH_BODY_BYTES)));
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
}
