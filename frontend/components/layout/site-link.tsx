import {
  type AnchorHTMLAttributes,
  type ReactNode,
  type Ref,
  createContext,
  useContext,
} from 'react';

/** What the header's links need: a path and the usual anchor attributes. */
export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

/** A link that loads the next page as a new document: all a header island has without a router. */
const renderDocumentLink = ({ to, children, ...anchor }: SiteLinkProps) => (
  <a href={to} {...anchor}>
    {children}
  </a>
);

/**
 * How the top bar renders a link. The app provides React Router's `Link` (client-side
 * navigation); the content pages' header island keeps the default, so the header's code never
 * imports the router and those pages never download it (docs/decisions/024-content-page-islands.md).
 */
export const SiteLinkContext =
  createContext<(props: SiteLinkProps) => ReactNode>(renderDocumentLink);

export function SiteLink(props: SiteLinkProps) {
  return useContext(SiteLinkContext)(props);
}
