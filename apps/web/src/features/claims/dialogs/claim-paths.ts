/**
 * Where the claim dialogs send the customer: the open-banking consent page (spec 2 §2.2).
 * The claims page names its own routes; this is the one the prediction's hint links to.
 */
export const GRANT_BANKING_PATH = '/permissions/grant';
