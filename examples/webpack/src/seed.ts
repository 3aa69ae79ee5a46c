// The example's own accounts and posts (not Murmur's demo data, whose images
// live in Murmur's site). Ids follow seed order: users u-01.., posts p-01..
import type { SeedData } from '@murmur/backend';

const at = (day: number, hour: number) => Date.UTC(2026, 10, day, hour);

export const seed: SeedData = {
  users: [
    { username: 'mira', password: 'mira-pass', firstName: 'Mira', lastName: 'Okafor' },
    { username: 'theo', password: 'theo-pass', firstName: 'Theo', lastName: 'Lindqvist' },
    { username: 'sam', password: 'sam-pass-1', firstName: 'Sam', lastName: 'Reyes' },
  ],
  follows: [['mira', 'theo']],
  posts: [
    {
      username: 'theo',
      content: 'Low tide this morning: three crabs and one very patient heron',
      hashtags: '#coast',
      likedBy: ['sam'],
      comments: [{ username: 'mira', text: 'The heron always wins.', createdAt: at(20, 9) }],
      createdAt: at(20, 7),
    },
    { username: 'mira', content: 'Finished the bookshelf. Only one screw left over.', createdAt: at(21, 18) },
    { username: 'sam', content: 'My sourdough starter has a name now: Gus', createdAt: at(22, 8) },
    {
      username: 'theo',
      content: 'Rain all afternoon, so the map of the old town is finally done',
      hashtags: '#maps',
      createdAt: at(23, 16),
    },
  ],
};
