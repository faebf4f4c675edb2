// The summary page's store, in three modules over the stores they share (decision 049): the form
// (checkout/form.ts), what the page loads before it (checkout/setup.ts) and the order's placing
// (checkout/placement.ts). The islands import it from here.
export {
  $setup,
  $stage,
  type CheckoutSetup,
  type OfferedMethod,
  type PaymentMethods,
  type PlaceStage,
} from './checkout/state.ts';
export { $elsewhere, adoptEarlyInput, checkoutForm, chooseAddress, setField } from './checkout/form.ts';
export { googlePayRequest, loadCheckout } from './checkout/setup.ts';
export { $order, placeOrder, resumePlaced } from './checkout/placement.ts';
