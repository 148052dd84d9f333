/** The payouts pages. */
export const payoutsPaths = { methods: '/payout-methods', payments: '/payments' } as const;
