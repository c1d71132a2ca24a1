/** "First Last" of a staff member (either part may be blank). */
export function staffName(firstName: string, lastName: string): string {
  return [firstName, lastName].filter(Boolean).join(' ');
}
