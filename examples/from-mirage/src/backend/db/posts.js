// The app's posts, in the API's shape: likes as summaries with fresh ids,
// a likeCount typed by hand (it disagrees with likedBy), images on a CDN.
import { people } from './users.js';

const uuid = () => crypto.randomUUID();
const CDN = 'https://res.cloudinary.com/demo/image/upload/v1/posts';
const summary = (user) => ({ _id: uuid(), ...user });
const { guest, afreen, rahul } = people;

export const posts = [
  {
    _id: uuid(),
    content: 'Morning light on the old stepwell. Worth the 5 am alarm.',
    mediaURL: `${CDN}/stepwell.jpg`,
    likes: { likeCount: 24, likedBy: [summary(rahul), summary(guest)], dislikedBy: [] },
    comments: [
      {
        _id: uuid(),
        ...rahul,
        text: 'That light!',
        votes: { upvotedBy: [], downvotedBy: [] },
        createdAt: '2022-01-14T08:30:00+05:30',
        updatedAt: '2022-01-14T08:30:00+05:30',
      },
    ],
    ...afreen,
    createdAt: '2022-01-14T07:00:00+05:30',
    updatedAt: '2022-01-14T07:00:00+05:30',
  },
  {
    _id: uuid(),
    content: 'Which tea goes with a delayed train? Asking for myself.',
    mediaURL: '',
    likes: { likeCount: 3, likedBy: [summary(afreen)], dislikedBy: [] },
    comments: [],
    ...rahul,
    createdAt: '2022-01-15T18:00:00+05:30',
    updatedAt: '2022-01-15T18:00:00+05:30',
  },
  {
    _id: uuid(),
    content: 'Hello! Trying this app out.',
    mediaURL: '',
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    comments: [],
    ...guest,
    createdAt: '2022-01-16T10:00:00+05:30',
    updatedAt: '2022-01-16T10:00:00+05:30',
  },
];
