/** Every key Tern writes starts with this, so other scripts on the same origin never collide. */
export const STORAGE_PREFIX = 'tern.';
