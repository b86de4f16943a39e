import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names the way a component extends another's look: later Tailwind classes win over
 * earlier ones of the same property (`bg-white` replaces `bg-emerald-700`), whatever order
 * Tailwind happens to emit them in the stylesheet.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
