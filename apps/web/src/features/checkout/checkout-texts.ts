import { msg } from '../../i18n/i18n';

// The checkout's texts (shopping.md §2, §5, §8), in one place for the page and its tests.

export const CHECKOUT_TEXTS = {
  emptyCart: msg('Your cart is empty'),
  emptyCartHint: msg('Add some items to your cart before checkout.'),
  noAddress: msg('No saved addresses found. Please add a delivery address.'),
  noStations: msg('No service stations available for this location.'),
  requiredFields: msg('Please fill in all required fields including province selection.'),
  confirmDelete: msg('Are you sure you want to delete this address?'),
  orderFailed: msg('Failed to place your order. Please try again.'),
  orderOffline: msg(
    "You're offline: nothing was ordered yet. Your order will be sent as soon as the connection returns.",
  ),
  orderSending: msg('Sending the order you placed while offline…'),
  placedEarlier: msg(
    'Your earlier order #{{id}} had gone through, so nothing more was ordered. Check it here before ordering again.',
  ),
  addressesFailed: msg('Failed to load saved addresses. Please try again later.'),
  unexpectedFormat: msg('Received unexpected data format from server.'),
  provincesFailed: msg('Failed to load provinces. Please try again.'),
  districtsFailed: msg('Failed to load districts. Please try again.'),
  municipalitiesFailed: msg('Failed to load municipalities. Please try again.'),
  stationsFailed: msg('Failed to load service stations. Please try again.'),
  deleteFailed: msg('Failed to delete address. Please try again.'),
  deleted: msg('Address deleted successfully!'),
  addFailed: msg('Failed to add address. Please try again.'),
  updateFailed: msg('Failed to update address. Please try again.'),
  added: msg('Address added successfully!'),
  updated: msg('Address updated successfully!'),
  verifying: msg('Verifying your payment…'),
} as const;
