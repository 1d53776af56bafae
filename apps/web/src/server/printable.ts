// Text every page can print and PostgreSQL can store: whatever a client sends through tRPC or
// the REST API is checked against this before any procedure's own validation, so NUL, control
// characters (tab and line breaks aside) and lone surrogates are refused with the field's path
// instead of failing in the database or on a page.
import 'server-only';
import { refuseUnsafeText } from '@levelfield/contracts/ingest';
import { z } from 'zod';

/** Any JSON document whose strings (and keys) are printable text. */
export const PrintableDocument = z.unknown().superRefine(refuseUnsafeText('text'));
