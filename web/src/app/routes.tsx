import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { SignupPage } from '../features/auth/SignupPage';
import { DataPage } from '../features/demo-data/DataPage';
import { DemoDataSection } from '../features/demo-data/ResetDemoData';
import { BookmarksPage } from '../features/posts/BookmarksPage';
import { ExplorePage } from '../features/posts/ExplorePage';
import { HomePage } from '../features/posts/HomePage';
import { TagPage } from '../features/posts/TagPage';
import { ThemePage } from '../features/theme/ThemePage';
import { AppLayout } from './layout/AppLayout';
import { PostDetailPage } from './pages/PostDetailPage';
import { ProfilePage } from './pages/ProfilePage';
import { SearchPage } from './pages/SearchPage';
import { NotFoundPage } from './NotFoundPage';
import { RedirectIfSignedIn, RequireAuth } from './RequireAuth';
import { ScrollToTop } from './ScrollToTop';

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route element={<RequireAuth />}>
          <Route element={<AppLayout />}>
            <Route index element={<HomePage />} />
            <Route path="explore" element={<ExplorePage />} />
            <Route path="bookmark" element={<BookmarksPage />} />
            <Route path="profile/:username" element={<ProfilePage />} />
            <Route path="post/:postId" element={<PostDetailPage />} />
            <Route path="tag/:tag" element={<TagPage />} />
            <Route path="search" element={<SearchPage />} />
            <Route path="settings/data" element={<DataPage />} />
            <Route
              path="theme"
              element={
                <ThemePage>
                  <DemoDataSection />
                </ThemePage>
              }
            />
          </Route>
        </Route>
        <Route element={<RedirectIfSignedIn />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignupPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}
