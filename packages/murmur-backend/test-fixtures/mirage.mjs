// Fixtures as a MirageJS app's `src/backend/db/users.js` and `posts.js` hold
// them, with every case such fixtures have that the API would refuse from a
// client or that does not match: fresh random `_id`s in the follow and like
// summaries (only their usernames name a user), a follow listed on one side
// only, passwords shorter than sign-up allows, avatars and images on a CDN,
// a `likeCount` that disagrees with `likedBy`, dates as RFC 3339 text, and
// display copies (a post's names and avatar) that the backend ignores.
// Loaded by src/core/fixtures.test.ts in Node and over HTTP (`--seed`).

const uuid = () => crypto.randomUUID();
const CDN = 'https://res.cloudinary.com/demo/image/upload';

const summary = (user) => ({
  _id: uuid(),
  firstName: user.firstName,
  lastName: user.lastName,
  username: user.username,
  avatarURL: user.avatarURL,
});

const afreen = { firstName: 'Afreen', lastName: 'Khan', username: 'afreenkhan', avatarURL: `${CDN}/afreen.jpg` };
const rahul = { firstName: 'Rahul', lastName: 'Gupta', username: 'rahulgupta', avatarURL: `${CDN}/rahul.jpg` };
const guest = { firstName: 'Guest', lastName: 'User', username: 'guestuser', avatarURL: `${CDN}/guest.jpg` };

export const users = [
  {
    _id: uuid(),
    ...guest,
    password: 'guest1',
    bio: 'Just looking around',
    website: 'https://example.com',
    createdAt: '2022-01-10T10:55:06+05:30',
    updatedAt: '2022-01-10T10:55:06+05:30',
    followers: [summary(afreen)],
    following: [summary(afreen), summary(rahul)],
    bookmarks: [],
  },
  {
    _id: uuid(),
    ...afreen,
    password: 'afreen',
    bio: 'Photos, mostly',
    website: '',
    createdAt: '2022-01-11T09:00:00+05:30',
    updatedAt: '2022-01-11T09:00:00+05:30',
    followers: [summary(guest)],
    following: [summary(guest)],
    bookmarks: [],
  },
  {
    _id: uuid(),
    ...rahul,
    password: 'rahul123',
    bio: '',
    website: '',
    createdAt: '2022-01-12T09:00:00+05:30',
    updatedAt: '2022-01-12T09:00:00+05:30',
    followers: [],
    following: [],
    bookmarks: [],
  },
];

export const posts = [
  {
    _id: uuid(),
    content: 'Sunrise over the old fort this morning',
    mediaURL: `${CDN}/fort.jpg`,
    likes: { likeCount: 12, likedBy: [summary(rahul), summary(guest)], dislikedBy: [] },
    comments: [
      {
        _id: uuid(),
        ...rahul,
        text: 'Beautiful light!',
        votes: { upvotedBy: [], downvotedBy: [] },
        createdAt: '2022-01-13T10:00:00+05:30',
        updatedAt: '2022-01-13T10:00:00+05:30',
      },
    ],
    ...afreen,
    createdAt: '2022-01-13T08:00:00+05:30',
    updatedAt: '2022-01-13T08:00:00+05:30',
  },
  {
    _id: uuid(),
    content: 'First post here, hello everyone',
    mediaURL: '',
    likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    comments: [],
    ...rahul,
    createdAt: '2022-01-14T08:00:00+05:30',
    updatedAt: '2022-01-14T08:00:00+05:30',
  },
];
