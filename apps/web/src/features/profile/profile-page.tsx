import { Outlet } from 'react-router';

// Placeholder: the accounts screens replace this page (profile card and its tabs).
export function ProfilePage() {
  return (
    <section className="py-4">
      <h1 className="h3">Profile</h1>
      <Outlet />
    </section>
  );
}
