/** A repair shop's link to one claim (issue 32): the page the shop updates the claim on, without an account. */
export { useShopClaimQuery } from './api/shop-link';
export { ShopClaimView } from './components/shop-claim-view';
