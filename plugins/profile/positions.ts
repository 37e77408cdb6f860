/**
 * The position list of spec section 3. The server stores the job title as free text, so a
 * listed position is saved as its English name (readable by every connected service) and
 * shown translated; anything else is a position the user added and is shown as typed.
 */
export const POSITIONS = [
  { id: 'ceo', value: 'CEO' },
  { id: 'cto', value: 'CTO' },
  { id: 'coo', value: 'COO' },
  { id: 'cio', value: 'CIO' },
  { id: 'director', value: 'Director' },
  { id: 'itManager', value: 'IT manager' },
  { id: 'developer', value: 'Developer' },
  { id: 'designer', value: 'Designer' },
  { id: 'salesRepresentative', value: 'Sales representative' },
  { id: 'marketingSpecialist', value: 'Marketing specialist' },
  { id: 'customerSupport', value: 'Customer support' },
] as const;

export type PositionId = (typeof POSITIONS)[number]['id'];

/** The select value of the "add a new position" entry (never sent to the server). */
export const NEW_POSITION = '__new__';

/** The listed position a stored job title is, if any (case-insensitive). */
export function positionOf(jobTitle: string | null | undefined): (typeof POSITIONS)[number] | null {
  const wanted = (jobTitle ?? '').trim().toLowerCase();
  if (!wanted) return null;
  return POSITIONS.find((p) => p.value.toLowerCase() === wanted) ?? null;
}

/** Splits a stored job title into the select value and the free-text "new position". */
export function jobTitleToForm(jobTitle: string | null | undefined): { jobTitle: string; newPosition: string } {
  const value = (jobTitle ?? '').trim();
  if (!value) return { jobTitle: '', newPosition: '' };
  const listed = positionOf(value);
  return listed ? { jobTitle: listed.value, newPosition: '' } : { jobTitle: NEW_POSITION, newPosition: value };
}

/** What the form's job title fields mean for the server: the position, the typed one, or none. */
export function jobTitleFromForm(jobTitle: string, newPosition: string): string | null {
  if (jobTitle === NEW_POSITION) return newPosition.trim() || null;
  return jobTitle.trim() || null;
}
