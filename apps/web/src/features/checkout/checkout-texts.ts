// The checkout's texts (shopping.md §2, §5, §8), in one place for the page and its tests.

export const CHECKOUT_TEXTS = {
  emptyCart: 'Your cart is empty',
  emptyCartHint: 'Add some items to your cart before checkout.',
  noAddress: 'No saved addresses found. Please add a delivery address.',
  noStations: 'No service stations available for this location.',
  requiredFields: 'Please fill in all required fields including province selection.',
  confirmDelete: 'Are you sure you want to delete this address?',
  orderFailed: 'Failed to place your order. Please try again.',
  orderOffline:
    "You're offline: nothing was ordered yet. Your order will be sent as soon as the connection returns.",
  orderSending: 'Sending the order you placed while offline…',
  addressesFailed: 'Failed to load saved addresses. Please try again later.',
  unexpectedFormat: 'Received unexpected data format from server.',
  provincesFailed: 'Failed to load provinces. Please try again.',
  districtsFailed: 'Failed to load districts. Please try again.',
  municipalitiesFailed: 'Failed to load municipalities. Please try again.',
  stationsFailed: 'Failed to load service stations. Please try again.',
  deleteFailed: 'Failed to delete address. Please try again.',
  deleted: 'Address deleted successfully!',
  addFailed: 'Failed to add address. Please try again.',
  updateFailed: 'Failed to update address. Please try again.',
  added: 'Address added successfully!',
  updated: 'Address updated successfully!',
  verifying: 'Verifying your payment…',
} as const;
