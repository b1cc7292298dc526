import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        The console has no page here. <Link to="/orders">Go to the orders</Link>.
      </p>
    </section>
  );
}
