// How a person is named to readers: by name. An account without one (an OIDC sign-in whose
// identity provider sent no name) is never named by its email instead: public comparisons,
// histories and reports are read by anyone, and a report version, being immutable, could never
// drop it again. Review threads follow the same rule with their own wording (reports/threads.ts).
import 'server-only';

export function displayName(person: { name: string | null }): string {
  return person.name ?? 'a member';
}
