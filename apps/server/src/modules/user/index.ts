// Public surface of the user module: the signed-in user's profile route, the account's name (the
// card holder's name the payments module sends a card provider), the payer's details a provider asks
// for (ADR 037, 039: names, e-mail, billing country, IP address), the billing country the card pay page
// puts on the profile, and the profile's state (where the shopper buys from, which the payments module
// checks against the whitelist), and whether the account holder confirmed being 18 or older (checkout
// refuses an order without it), and the address's state cart charges tax by.
export { default as userRoutes } from './routes.ts';
export {
  findAccountName,
  findBillingDetails,
  findPayer,
  findProfileState,
  findTaxState,
  isAdultConfirmed,
  saveProfileCountry,
  saveProfileZip,
  type MissingPayerField,
} from './repository.ts';
