/** Previous and next around "Page 2 of 5 · 120 orders"; `label` names the navigation landmark. */
export function Pager({
  page,
  pages,
  total,
  noun,
  label,
  goTo,
}: {
  page: number;
  pages: number;
  total: number;
  /** singular and plural: ['order', 'orders'] */
  noun: [string, string];
  label: string;
  goTo: (page: number) => void;
}) {
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages} · {total} {total === 1 ? noun[0] : noun[1]}
      </span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => goTo(page + 1)}>
        Next
      </button>
    </nav>
  );
}
