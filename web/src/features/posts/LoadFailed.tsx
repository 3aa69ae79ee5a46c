/** A feed that could not be read, with a way to try again. */
export function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <p className="empty-state__title">Posts could not be loaded</p>
      <button type="button" className="btn" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
