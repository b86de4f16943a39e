import { Link } from 'react-router';
import { haulersPage } from '../../content/haulers';
import { COPYRIGHT_YEAR } from '../../content/marketing';
import { paths } from '../../shared/paths';
import { SITE_NAME } from '../../shared/site';
import { LinkList } from './link-list';
import type { SiteNavigation } from './nav-link';

/**
 * The site footer. It also lists every state and article as plain, always visible links: the top
 * bar's lists stay closed, and hidden entirely where a browser lacks popovers.
 */
export function SiteFooter({ navigation: { states, blog } }: { navigation: SiteNavigation }) {
  return (
    <footer className="render-when-near-end border-t border-slate-200 bg-slate-50 text-slate-700">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <nav aria-label="Footer" className="grid gap-10 md:grid-cols-4">
          <div className="md:col-span-3">
            <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
              Bulk trash pickup by state
            </h2>
            <LinkList
              id="footer-states-links"
              className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5"
              links={states}
              linkClassName="hover:text-emerald-800 hover:underline"
            />
          </div>
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">Blog</h2>
            <LinkList
              id="footer-blog-links"
              className="mt-4 space-y-1 text-sm"
              links={blog}
              linkClassName="hover:text-emerald-800 hover:underline"
            />
            <h2 className="mt-8 text-sm font-semibold tracking-wide text-slate-900 uppercase">
              For haulers
            </h2>
            <ul className="mt-4 space-y-1 text-sm">
              <li>
                <Link to={paths.haulers} className="hover:text-emerald-800 hover:underline">
                  {haulersPage.title}
                </Link>
              </li>
            </ul>
          </div>
        </nav>
        <p className="mt-10 border-t border-slate-200 pt-6 text-center text-sm">
          {`© ${COPYRIGHT_YEAR} ${SITE_NAME}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
