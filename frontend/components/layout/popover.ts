/**
 * The few popover calls the top bar makes. A browser without the Popover API (before 2024) shows
 * no popover at all (app.css), and these calls do nothing there.
 */
export function isPopoverOpen(element: Element | null | undefined): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    typeof element.showPopover === 'function' &&
    element.matches(':popover-open')
  );
}

export function hidePopover(element: Element | null | undefined) {
  if (isPopoverOpen(element)) element.hidePopover();
}
