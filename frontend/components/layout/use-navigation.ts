import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root';

export interface NavLink {
  label: string;
  path: string;
}

/** The States and Blog lists, read from the root route's build-time data. */
export function useNavigation(): { states: NavLink[]; blog: NavLink[] } {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  return {
    states: (data?.navigation.states ?? []).map((state) => ({
      label: state.name,
      path: state.path,
    })),
    blog: (data?.navigation.blog ?? []).map((article) => ({
      label: article.title,
      path: article.path,
    })),
  };
}
