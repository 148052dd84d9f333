/**
 * The claim dialogs and the accepted claim's view (spec 2 §2.6): what a claim card opens for
 * its action. The claim card (../claim-card.tsx) renders these; they own their own data calls.
 */
export { default as ClaimActionDialog } from './claim-action-dialog.tsx';
export { default as AcceptedClaim } from './accepted-claim.tsx';
