import { useLocation, useNavigate } from 'react-router-dom';
import { BackIcon } from './icons';
import './settings.css';

/** A settings page's top bar: Go Back and the page's title. */
export function PageBar({ title }: { title: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the first entry of this tab's app history: there
  // is nothing to go back to, so go home instead of leaving the app.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <div className="page-bar">
      <button type="button" className="btn btn--ghost" onClick={goBack}>
        <BackIcon size={18} />
        Go Back
      </button>
      <h1 className="page-bar__title">{title}</h1>
    </div>
  );
}
