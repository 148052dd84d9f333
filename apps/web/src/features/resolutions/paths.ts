/** The resolution pages of spec 1 §2 (spec 2 §2.5). */
export const resolutionsPaths = { select: '/resolution/select' } as const;
