// The product's name, one place for the pages, the calendar files and the local Stripe pages.
export const SITE_NAME = 'Bulk Trash Pickup';
