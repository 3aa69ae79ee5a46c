// The app's fixtures, as a MirageJS app keeps them: the API's own shapes
// (users with `_id`s and embedded follower summaries), fresh random ids made
// at import (so the ids in follow lists match nobody: only their usernames
// name a user), short passwords, avatars on an image CDN.
const uuid = () => crypto.randomUUID();
const CDN = 'https://res.cloudinary.com/demo/image/upload/v1/avatars';

const guest = { firstName: 'Guest', lastName: 'User', username: 'guest', avatarURL: `${CDN}/guest.jpg` };
const afreen = { firstName: 'Afreen', lastName: 'Khan', username: 'afreen', avatarURL: `${CDN}/afreen.jpg` };
const rahul = { firstName: 'Rahul', lastName: 'Gupta', username: 'rahulgupta', avatarURL: `${CDN}/rahul.jpg` };
const meera = { firstName: 'Meera', lastName: 'Nair', username: 'meeranair', avatarURL: `${CDN}/meera.jpg` };

const summary = (user) => ({ _id: uuid(), ...user });

export const users = [
  {
    _id: uuid(),
    ...guest,
    password: 'guest1',
    bio: 'Just looking around.',
    website: 'https://example.com',
    createdAt: '2022-01-10T10:55:06+05:30',
    updatedAt: '2022-01-10T10:55:06+05:30',
    followers: [summary(afreen)],
    following: [summary(afreen)],
    bookmarks: [],
  },
  {
    _id: uuid(),
    ...afreen,
    password: 'afreen',
    bio: 'Photos of small things.',
    website: '',
    createdAt: '2022-01-11T09:00:00+05:30',
    updatedAt: '2022-01-11T09:00:00+05:30',
    followers: [summary(guest)],
    following: [summary(guest), summary(rahul)],
    bookmarks: [],
  },
  {
    _id: uuid(),
    ...rahul,
    password: 'rahul1',
    bio: 'Trains, tea, and terrible puns.',
    website: '',
    createdAt: '2022-01-12T09:00:00+05:30',
    updatedAt: '2022-01-12T09:00:00+05:30',
    followers: [],
    following: [],
    bookmarks: [],
  },
  {
    _id: uuid(),
    ...meera,
    password: 'meera1',
    bio: '',
    website: '',
    createdAt: '2022-01-13T09:00:00+05:30',
    updatedAt: '2022-01-13T09:00:00+05:30',
    followers: [],
    following: [],
    bookmarks: [],
  },
];

export const people = { guest, afreen, rahul, meera };
