/**
 * Spec 1 §5 "Write access": form fields disabled for the login role. Spec 1 §6 gives the lists
 * of non-modifiable fields for employees and for users, and both are empty; they are kept as
 * data so a form asks `isLocked(field)` today and a non-empty list needs no form change.
 * (The domain's access module has no field lists; this is the web's only copy.)
 */
export const NON_MODIFIABLE_FIELDS: Record<'employee' | 'user', readonly string[]> = {
  employee: [],
  user: [],
};
