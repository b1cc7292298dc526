/** A column of a list table: its title, and whether it holds amounts (`numeric`: aligned right). */
export type TableColumn = string | { title: string; numeric: true };

/**
 * The head of a list table whose last column holds each row's buttons: that column has no visible
 * title, only one for screen readers ("Actions"), so the buttons are not announced as data.
 */
export function TableHead({ columns }: { columns: TableColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.title} scope="col" className="num">
              {column.title}
            </th>
          ),
        )}
        <th scope="col">
          <span className="visually-hidden">Actions</span>
        </th>
      </tr>
    </thead>
  );
}
