import { useNavigation } from 'react-router';

/** A thin bar at the top while a page is loading (announced politely to screen readers). */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="nav-progress" data-active={busy || undefined}>
      <span className="visually-hidden" role="status">
        {busy ? 'Loading…' : ''}
      </span>
    </div>
  );
}
