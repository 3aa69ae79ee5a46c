// The app's calls, as its services held them: axios, the token as it is in
// the authorization header, and the spec's answers (every post write answers
// every post, `{ posts }`).
import axios from 'axios';

const withToken = (token) => ({ headers: { authorization: token } });

export const api = {
  login: (username, password) => axios.post('/api/auth/login', { username, password }),
  posts: () => axios.get('/api/posts'),
  users: () => axios.get('/api/users'),
  createPost: (token, content) => axios.post('/api/posts', { postData: { content } }, withToken(token)),
  like: (token, postId) => axios.post(`/api/posts/like/${postId}`, {}, withToken(token)),
  dislike: (token, postId) => axios.post(`/api/posts/dislike/${postId}`, {}, withToken(token)),
  comment: (token, postId, text) => axios.post(`/api/comments/add/${postId}`, { commentData: text }, withToken(token)),
  follow: (token, userId) => axios.post(`/api/users/follow/${userId}`, {}, withToken(token)),
  unfollow: (token, userId) => axios.post(`/api/users/unfollow/${userId}`, {}, withToken(token)),
  editUser: (token, userData) => axios.post('/api/users/edit', { userData }, withToken(token)),
};
