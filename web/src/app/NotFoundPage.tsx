import { useNavigate } from 'react-router-dom';
import { Logo } from '../components/Logo';
import { HomeIcon } from '../components/icons';

/** Any path the route table does not know. Public, so a stale link never dead-ends. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="not-found">
      <div className="not-found__card card">
        <Logo size={48} />
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="not-found__title">Page Not Found</h1>
        <p className="muted">The page you were looking for does not exist or has moved.</p>
        <button type="button" className="btn" onClick={() => navigate('/')}>
          <HomeIcon size={18} /> Back to Home
        </button>
      </div>
    </main>
  );
}
