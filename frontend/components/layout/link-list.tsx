import { type HTMLAttributes, type MouseEvent, createContext, useContext } from 'react';
import type { NavLink } from './nav-link';
import { SiteLink } from './site-link';
import { KEEP_PRERENDERED, useKeepPrerendered } from '../../shared/hydration/keep-prerendered';

/**
 * How a click on a link in a list goes on once its own handling is done. The app navigates on the
 * client (root.tsx); the content pages' header island keeps this default: the browser loads the
 * next page as a document.
 */
export type FollowLink = (event: MouseEvent<HTMLElement>, link: HTMLAnchorElement) => void;
export const FollowLinkContext = createContext<FollowLink>(() => {});

interface LinkListProps extends Omit<HTMLAttributes<HTMLUListElement>, 'onClick'> {
  /** Required: how the browser finds the pre-rendered list. */
  id: string;
  links: readonly NavLink[];
  linkClassName: string;
  /** After a click on one of its links, before the navigation (a menu closes). */
  onLinkClick?: (link: HTMLAnchorElement) => void;
}

/**
 * A list of plain links (the top bar's and the footer's 50 states and the articles) that React
 * renders but, over pre-rendered HTML, does not hydrate: React would otherwise build and attach
 * every item, once per list, on a phone's main thread, for links that need nothing but a click.
 * One click handler on the list does what each link's did. The HTML is the same either way.
 */
export function LinkList({ id, links, linkClassName, onLinkClick, ...list }: LinkListProps) {
  const follow = useContext(FollowLinkContext);
  // Hydrating pre-rendered items, or rendering them (pre-rendering, or a list the browser renders
  // first).
  const prerendered = useKeepPrerendered(id);
  const onClick = (event: MouseEvent<HTMLUListElement>) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link || !event.currentTarget.contains(link)) return;
    onLinkClick?.(link);
    follow(event, link);
  };
  // The clicks handled are the links' own (Enter on a link clicks it too): the list itself is
  // not interactive, only the place where one handler serves all its links.
  if (prerendered) {
    return (
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
      <ul
        id={id}
        {...list}
        onClick={onClick}
        dangerouslySetInnerHTML={KEEP_PRERENDERED}
        suppressHydrationWarning
      />
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <ul id={id} {...list} onClick={onClick}>
      {links.map((link) => (
        <li key={link.path}>
          <SiteLink to={link.path} className={linkClassName}>
            {link.label}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
