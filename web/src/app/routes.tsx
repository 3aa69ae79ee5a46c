import { Route, Routes } from 'react-router-dom';
import { useEffect, useState } from 'react';
import { apiRequest } from '../lib/api';

// First cut: proves the in-browser backend answers. The shell replaces this.
function BackendProbe() {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    void apiRequest<{ users: unknown[] }>('/users').then((data) => setCount(data.users.length));
  }, []);
  return <p data-testid="user-count">{count === null ? 'Loading…' : `${count} users`}</p>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="*" element={<BackendProbe />} />
    </Routes>
  );
}
