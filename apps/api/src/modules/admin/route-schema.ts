/** Every console route needs a staff member's bearer token. */
export const security = [{ bearerAuth: [] }];
