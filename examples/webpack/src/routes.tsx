// The app's routes: /signin, the home feed at / (signed in only) and one post
// at /post/:id. Loaders and actions call the API through axios (api.ts).
import type { RouteObject } from 'react-router';
import { Layout, RouteError } from './pages/Layout';
import { Home, homeLoader } from './pages/Home';
import { likeAction, PostPage, postLoader } from './pages/PostPage';
import { SignIn, signInAction } from './pages/SignIn';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Home />, loader: homeLoader },
          { path: 'signin', element: <SignIn />, action: signInAction },
          { path: 'post/:id', element: <PostPage />, loader: postLoader, action: likeAction },
        ],
      },
    ],
  },
];
