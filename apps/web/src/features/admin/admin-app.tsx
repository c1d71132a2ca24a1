import { useRoutes } from 'react-router';
import { adminRoutes } from './admin-routes';
import { StaffGuard } from './staff-guard';

/** /admin/*: the staff guard, then the console's own route tree. */
export function AdminApp() {
  const screen = useRoutes(adminRoutes);
  return <StaffGuard>{screen}</StaffGuard>;
}
