/** Messages whose exact wording the specification or the product decisions fix. */
export const STAFF_LIMIT = 100;

export const MESSAGES = {
  adminInvalidCredentials: "Admin login failed: Invalid email or password",
  staffInvalidCredentials: "Staff login failed: Invalid email or password",
  adminWrongPortal: "Admin account not found or insufficient permissions",
  staffWrongPortal: "Staff login failed: No staff member found with this email",
  staffLimitReached: `You have reached the maximum limit of ${STAFF_LIMIT} staff members.`,
  tooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
  notSignedIn: "Please sign in to continue.",
  sessionExpired: "Your session has expired. Please sign in again.",
  forbidden: "You do not have permission to do this.",
  passwordChangeRequired: "Please choose a new password before you continue.",
  wrongCurrentPassword: "The current password is not correct.",
  passwordReused: "The new password must differ from the current one.",
  emailTaken: "An account with this email already exists.",
  notFound: "Not found.",
  csrfRejected: "This request was refused because it did not come from this application.",
  unsupportedMediaType: "Requests must be sent as JSON.",
  payloadTooLarge: "The request is too large.",
  setupNotAvailable: "The first administrator has already been created. Please sign in.",
  setupLinkInvalid: "This setup link is not valid. Use the link printed when the server started.",
  databaseUnavailable: "The database is not available right now. Please try again shortly.",
  internal: "Something went wrong on the server. Please try again.",
  invalidAdminCredentials: "Invalid admin credentials. Please try again.",
  warehouseNameTaken: "A warehouse with this name already exists.",
  warehouseNotFound: "Warehouse not found.",
  locationNotFound: "Location not found.",
  containerShelfEmpty: "This container shelf is empty and can be safely deleted.",
  containerShelfMoveItems: "Please move all items to another location before deleting this container shelf.",
  containerShelfTaken: "This warehouse already has a container shelf with this name.",
  containerShelfIsGridShelf: "A container shelf cannot take the name of one of the warehouse's shelves.",
  containerShelfLooksLikePosition:
    "A container shelf cannot be named like a shelf followed by a number (such as A01): its location code would read as that shelf's position.",
  containerShelfNotFound: "Container shelf not found.",
  itemNoTaken: "Item with this number already exists",
  itemNotFound: "Item not found",
  itemDeleteFailed: "Error deleting item. Please try again.",
  selectValidItem: "Please select a valid item",
  quantityAboveZero: "Quantity must be greater than 0",
  selectSource: "Please select a source location",
  selectDestination: "Please select a destination location",
  invalidItemOrStaff: "Invalid item or staff selection",
  movementNotReversible:
    "This movement record does not have the required location information for proper reversal. Please contact support.",
  movementNotFound: "Movement not found.",
  purchaseFailed: "Error completing purchase. Please try again.",
  purchaseLineIncomplete: "Please select an item, enter quantity, and add at least one location",
  purchaseDuplicate: "This supplier's invoice has already been recorded as a purchase.",
  purchaseDateInFuture: "The purchase date cannot be in the future.",
  idempotencyMismatch: "This request repeats an earlier one with different content. Reload and try again.",
  csvFileRequired: "Please upload a CSV file",
  csvEmpty: "CSV file is empty",
  csvParseError: "Error parsing CSV",
  csvNotText: "This file is not a CSV file. Save it from your spreadsheet as CSV and upload it again.",
  csvNotUtf8: "This file is not UTF-8 text. Save it from your spreadsheet as CSV UTF-8 and upload it again.",
  csvUploadContentType: "Upload the CSV file itself as the request body, with Content-Type text/csv.",
  csvFileTooLarge: "The file is larger than 10 MB. Split it into smaller files and upload them one by one.",
  csvNotEnoughColumns: "Not enough columns",
  csvTooManyColumns: "Too many columns",
  csvMissingItemNoOrName: "Missing item number or name",
  csvQuantityInvalid: "Quantity must be a non-negative number",
  csvWarehouseRequired: "Warehouse name required",
  csvLocationRequired: "At least one location is required: fill in Warehouse and Shelf",
  importRejected: "The upload could not be completed. No items were saved.",
  importUnexpected: "An unexpected error occurred during bulk upload. No items were saved.",
  importKeyRequired: "The Idempotency-Key header is required to upload items.",
} as const;

/** The spec's message when a source (or the location of a decrease) holds less than asked for. */
export function notEnoughStockMessage(available: string): string {
  return `Not enough items in source location. Available: ${available}`;
}

/** The spec's refusal to delete a movement older than the 10-minute window. */
export function movementTooOldMessage(createdOn: string): string {
  return `This movement cannot be deleted because it was created more than 10 minutes ago. Created on: ${createdOn}`;
}

/** Product-decisions 9: a deletion whose reversal would take a balance below zero. */
export function reversalWouldGoNegativeMessage(code: string, available: string): string {
  return `This movement cannot be deleted: its stock has since been moved or dispatched (${code} now holds ${available}).`;
}

/** The spec's alert when a warehouse that holds stock is deleted. */
export function warehouseHasStockMessage(itemCount: number): string {
  return `Cannot delete warehouse. It contains ${itemCount} items. Please move all items to another warehouse first.`;
}

export function containerShelfHasItemsMessage(itemCount: number): string {
  return `This container shelf has ${itemCount} item(s).`;
}

export function itemHasStockMessage(quantity: string, unit: string): string {
  return `Cannot delete item. Current quantity is ${quantity} ${unit}. Items can only be deleted when quantity is zero.`;
}

/** Product-decisions 13: shrinking a layout names the positions that still hold stock. */
export function layoutInUseMessage(codes: string[]): string {
  const shown = codes.slice(0, 10).join(", ");
  const more = codes.length > 10 ? ` and ${codes.length - 10} more` : "";
  return `The layout cannot shrink while these positions hold stock: ${shown}${more}. Move the stock first.`;
}

/**
 * Product-decisions 11: a layout change that would add grid shelves named like existing container
 * shelves (container 'K' or 'K01' when 10 shelves grow to 11). `keepAtMost` is the most shelves the
 * warehouse can have without a clash.
 */
export function layoutClashesWithContainersMessage(containers: string[], keepAtMost: number): string {
  return `The new layout would make the location codes of container shelf ${containers.join(", ")} ambiguous with new grid shelves. Keep at most ${keepAtMost} shelves, or empty and delete that container shelf first.`;
}
