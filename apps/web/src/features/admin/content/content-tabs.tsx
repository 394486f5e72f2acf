import { NavLink } from 'react-router';

const TABS = [
  { to: '/admin/content', label: 'Pages', end: true },
  { to: '/admin/content/faq', label: 'FAQ', end: false },
  { to: '/admin/content/blogs', label: 'Blogs', end: false },
];

/** The content area's three parts, as links (each is its own address). */
export function ContentTabs() {
  return (
    <nav aria-label="Content" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {TABS.map((t) => (
          <li key={t.to} className="shrink-0">
            <NavLink
              to={t.to}
              end={t.end}
              className={({ isActive }) =>
                `inline-block border-b-2 px-4 py-2.5 text-sm font-semibold ${isActive ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'}`
              }
            >
              {t.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
