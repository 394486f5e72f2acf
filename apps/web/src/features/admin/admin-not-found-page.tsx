import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { AdminPage } from './components/admin-page';

export default function AdminNotFoundPage() {
  return (
    <AdminPage title="Page Not Found" intro="The console has no such screen.">
      <Link to="/admin" className={buttonClass('secondary')}>
        Back to the dashboard
      </Link>
    </AdminPage>
  );
}
