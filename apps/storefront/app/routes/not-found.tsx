import { data } from 'react-router';

/** Any address no other route claims: the root's "Page not found", with a real 404 status. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
